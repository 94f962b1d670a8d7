/// The name of one sentence a person reads, looked up in each language's catalogue
/// (`Resources/data/strings/<code>.tsv`, whose `key` column holds these names as they are spelled here).
///
/// Code names a sentence by a case, never by a string, so a misspelt key does not compile. The tests
/// hold the other direction: every case has its text in every catalogue, no catalogue has a key
/// that is not a case, and every case is used somewhere in `Sources/` outside this file.
///
/// Cases are named after the screen or part that shows them (`home…`, `route…`), so that a search
/// for a case's name finds its one use.
public enum TextKey: String, Sendable, CaseIterable {
    // The home menu (Sources/CheckoutApp/Screens/HomeMenuScreen.swift).
    case homeQuestion
    case homeAmountDue
    case homeBinSource
    case homeKeyChoose
    case homeKeyChooseExplain
    case homeKeyNext
    case homeKeyOpen
    case homeKeyOpenExplain
    case homeKeyQuit
    case homeQuit

    // The routes' names, as the home menu lists them (Sources/CheckoutApp/Framework/Route.swift).
    case routeHome
    case routePay
    case routeNolLink
    case routeNolCards
    case routeNolPay
    case routeNolUnlink
    case routePayments
    case routeSettings
}
