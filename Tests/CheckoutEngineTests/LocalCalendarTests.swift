import CheckoutEngine
import Foundation
import Testing

/// The local calendar agrees with Foundation's own time zone (ICU's, in the test process) on the
/// offset and on the year and month of every moment. The machine's zone decides what is tested:
/// run with `TZ=America/New_York` or `TZ=Asia/Kolkata` to test one with daylight saving or a
/// half-hour offset.
@Suite struct LocalCalendarTests {
    @Test func offsetAndMonthAreFoundationsForTenThousandMomentsAcrossFortyYears() {
        var local = LocalCalendar()
        var reference = Calendar(identifier: .gregorian)
        reference.timeZone = TimeZone.current
        var moment = Date(timeIntervalSince1970: 946_684_800)   // 2000-01-01
        for step in 0..<10_000 {
            #expect(LocalCalendar.secondsFromGMT(at: moment) == TimeZone.current.secondsFromGMT(for: moment))
            let ours = local.calendar(at: moment).dateComponents([.year, .month], from: moment)
            let theirs = reference.dateComponents([.year, .month], from: moment)
            #expect(ours.year == theirs.year && ours.month == theirs.month, "\(moment)")
            // Steps of about 35 hours, landing at every hour of the day and near every month's end.
            moment += 126_000 + Double(step % 7) * 3_600
        }
    }
}
