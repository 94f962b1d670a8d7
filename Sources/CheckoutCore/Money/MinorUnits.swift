/// Sums of money in minor units: the one place an amount and a surcharge are added.
///
///     MinorUnits.total(amount: 4999, surcharge: 30)      // 5029
///     MinorUnits.total(amount: .max, surcharge: 1)       // Int.max: never a trap
public enum MinorUnits {
    /// What the cardholder pays: the order amount plus a network's surcharge, never trapping:
    /// `Int.max` (`Int.min` for a negative surcharge) when the sum does not fit. Amounts are capped
    /// where they enter (``ClientSession/maximumAmount``), so a sum of two never gets near it; a
    /// library caller's own values make a total that the engine then refuses to pay
    /// (``ClientSession/amountProblem(for:)``) rather than a crash.
    public static func total(amount: Int, surcharge: Int) -> Int {
        let (sum, overflow) = amount.addingReportingOverflow(surcharge)
        return overflow ? (surcharge < 0 ? .min : .max) : sum
    }
}
