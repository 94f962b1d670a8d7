/// A Nol flow as a value (``ScreenModel``): its step's question as a field or a choice, under the
/// flow's id (`nol.link`, `nol.cards`, `nol.pay`, `nol.unlink`).
extension NolFlowScreen {
    public func model(context: ScreenContext) -> ScreenModel { questionModel(id: "nol.\(flow)", context: context) }
}
