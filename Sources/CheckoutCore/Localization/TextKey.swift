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

    // The card form (Sources/CheckoutTUI/Screens/CardFormScreen*.swift).
    case cardNumberLabel
    case cardAutomatic
    case cardExpiryLabel
    case cardNameLabel
    case cardNamePlaceholder
    case cardPayButton
    case cardPayingButton
    case cardConfirmButton
    case cardTotalChanged
    case cardIncludesSurcharge
    case cardSurchargeMayApply
    case cardOrderNumber
    case cardOrderHeading
    case cardOrderTotal
    case cardOrderMore
    case cardWeAccept
    case cardWeAcceptMore
    case cardWeAcceptCount
    case cardChooseAbove
    case cardHoldStatus
    case cardAskingBin
    case cardAskingSession
    case cardNetworksAppear
    case cardNetworksLocal
    case cardNetworksRouted
    case cardNetworksRemote
    case cardNoBinData
    case cardBinUnavailable
    case cardCvvAnyLength
    case cardCvvLength
    case cardNotAccepted
    case cardPayWith
    case cardKeyNext
    case cardKeyNextField
    case cardKeyPrevious
    case cardKeyPreviousField
    case cardKeyChoose
    case cardKeyNextNetwork
    case cardKeyChooseExplain
    case cardKeyPay
    case cardKeyPayExplain
    case cardDiscard
    case cardDigitsOnly
    case cardFixOne
    case cardFixMany
    case cardTotalChangedBanner

    // The frame: yes/no boxes, the footer, the global keys, titles (Sources/CheckoutTUI/Framework/AppModel*.swift), the hold (CardFormScreen+PayHold.swift).
    case holdWaitingBin
    case holdWaitingSession
    case holdNetworksUnknown
    case holdTotalUnconfirmed
    case holdQuestion
    case holdQuestionWith
    case holdYes
    case holdNo
    case holdNotPaidBin
    case holdNotPaidSession
    case holdNotPaid
    case holdChooseNetwork
    case holdTotalNow
    case holdPaysWith
    case holdStopped
    case holdStopLabel
    case frameYes
    case frameNo
    case frameDiscardYes
    case frameDiscardNo
    case frameQuit
    case frameBack
    case frameKeyHelp
    case frameKeyHelpExplain
    case frameKeyEvents
    case frameKeyEventsExplain
    case frameQuitAnywhere
    case frameEscapeRule
    case frameTooSmall
    case frameTooSmallSize
    case frameTooSmallEnlarge
    case frameTooSmallQuit
    case titleResult
    case titleHelp

    // The result screen (Sources/CheckoutTUI/Screens/ResultScreen.swift).
    case resultMerchant
    case resultOrder
    case resultItems
    case resultPaymentId
    case resultTime
    case resultStatus
    case resultAmount
    case resultSurcharge
    case resultTotal
    case resultNetwork
    case resultCard
    case resultReason
    case resultLedger
    case resultErrorId
    case resultAuthorized
    case resultDeclined
    case resultFailed
    case resultPending
    case resultRefused
    case resultNewPayment
    case resultTryAgain
    case resultAnotherCard
    case resultChosenByYou
    case resultPreselected
    case resultNoChoice
    case resultAutomatic
    case resultMore
    case resultKeyChoose
    case resultKeyBefore
    case resultKeyNext
    case resultKeyPress
    case resultKeyCancel

    // The F1 help (Sources/CheckoutTUI/Screens/HelpScreen.swift).
    case helpKeysOn
    case helpInTextField
    case helpClick
    case helpWheel
    case helpScrolls
    case helpKeyScroll
    case helpKeyScrollUp
    case helpKeyScrollDown
    case helpKeyClose
    case helpKeyCloseExplain
    case helpPasted

    // Plain mode's card form (Sources/CheckoutTUI/Screens/CardFormScreen+Question.swift).
    case plainCardIntro
    case plainEveryNetwork
    case plainWeAccept
    case plainWeAcceptMore
    case plainListAnd
    case plainNumberPrompt
    case plainNumberHelp1
    case plainNumberHelp2
    case plainNumberHelp3
    case plainPreferred
    case plainChooseHelp1
    case plainChooseHelp2
    case plainChooseHeading
    case plainExpiryPrompt
    case plainExpiryHelp
    case plainCvvDigits
    case plainCvvAnyDigits
    case plainCvvPromptHidden
    case plainCvvPrompt
    case plainCvvHelp
    case plainCvvNeverStoredHidden
    case plainCvvNeverStored
    case plainNamePrompt
    case plainNameHelp
    case plainPayPrompt
    case plainPaySurcharge
    case plainPayWith
    case plainPayHelp
    case plainNothingPaid
    case plainLeavePayment
    case plainPaying
    case plainTotalChanged
    case plainBinAnswer
    case plainNoNetwork
    case plainAskingBin
    case plainNotKnown
    case plainNoBinData
    case plainBinOff
    case plainBinUnavailable
    case plainEftpos
    case plainNotAccepted

    // The Nol Pay screens (Sources/CheckoutTUI/Nol/NolFlowScreen+View.swift, NolFlowScreen.swift).
    case nolTitleLink
    case nolTitleCards
    case nolTitlePay
    case nolTitleUnlink
    case nolStepScan
    case nolStepPhone
    case nolStepCode
    case nolStepLinked
    case nolStepLinkedCards
    case nolStepCard
    case nolStepPayment
    case nolStepUnlinked
    case nolWorking
    case nolScan
    case nolPhone
    case nolCode
    case nolCodeTo
    case nolCardsPhone
    case nolCardsChoose
    case nolPayPhone
    case nolUnlinkPhone
    case nolPayChoose
    case nolUnlinkChoose
    case nolTyped
    case nolCardActions
    case nolRequested
    case nolLabelCard
    case nolLabelPhone
    case nolLabelCode
    case nolCardLinked
    case nolCardReady
    case nolCardUnlinked
    case nolNoLongerLinked
    case nolAsking
    case nolBalance
    case nolNewBalance
    case nolPhoneExample

    // Plain mode's result (Sources/CheckoutTUI/Screens/ResultScreen+Question.swift).
    case plainResultCard
    case plainResultNotRecorded
    case plainResultAuthorized
    case plainResultPending
    case plainResultDeclined
    case plainResultDeclinedWhy
    case plainResultFailed
    case plainResultFailedWhy
    case plainResultId
    case plainResultFailedError
    case plainResultRefused
    case plainResultTryAgain
    case plainResultAnother
    case plainResultHome
    case plainResultHelpTry
    case plainResultHelpAnother
    case plainResultNext

    // Validation errors' descriptions as the screens show them (Sources/CheckoutCore/Validation/CardValidator.swift); the JSON keeps the English description.
    case errorNumberCharacters
    case errorNumberBlank
    case errorNumberTooLong
    case errorNumberIncomplete
    case errorNumberMistyped
    case errorNumberLength
    case errorNumberLuhn
    case errorNotAccepted
    case errorUnsupported
    case errorNotThisCards
    case errorExpiryBlank
    case errorExpiryFormat
    case errorExpiryMonth
    case errorExpired
    case errorExpiryAhead
    case errorCvvBlank
    case errorCvvDigits
    case errorCvvLength
    case errorCvvAnyLength
    case errorNameBlank
    case errorNameDigits
    case errorNameCharacters
    case errorNameLength

    // Settings (Sources/CheckoutTUI/Screens/SettingsScreen+View.swift).
    case settingsAccepted
    case settingsBinSource
    case settingsServiceURL
    case settingsLatency
    case settingsDebounce
    case settingsMouse
    case settingsLanguage
    case settingsReset
    case settingsOn
    case settingsOff
    case settingsURLNote
    case settingsDurationNote
    case settingsMouseNote
}
