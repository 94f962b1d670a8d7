/// The fare a Nol payment takes in this program: the simulated Nol system charges AED 7.50 a ride,
/// whatever front end (the Nol screens, plain mode, the demo, `checkout nol events`) asks.
public enum NolFare {
    /// In fils.
    public static let amount = 750
    public static let currency = "AED"
}
