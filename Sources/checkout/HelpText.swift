enum HelpText {
    static let version = "checkout 0.1.0"
    static let usage = """
    usage: checkout [pay | nol link|cards|pay|unlink] [options]
           checkout detect [options] NUMBER... | -
           checkout events [options] < script.jsonl
           checkout nol events [--data-dir DIR] < script.jsonl
           checkout payments [--data-dir DIR]
           checkout bench
    """
}
