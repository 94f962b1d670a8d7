import FoundationEssentials
import Glibc

/// The Gregorian calendar in the machine's local time, for the expiry checks ("valid to the end of
/// its month", in the cardholder's month).
///
/// checkout uses FoundationEssentials, whose `TimeZone.current` is always GMT (the time-zone
/// database comes with ICU, which checkout no longer links). The local offset from GMT is taken
/// from the C library instead (`TZ`, `/etc/localtime`), for the moment asked about, so the month is
/// the local one on either side of a daylight-saving change; the calendar is rebuilt only when the
/// offset changes.
///
///     var local = LocalCalendar()
///     let errors = validator.validate(data, metadata: nil, now: now, calendar: local.calendar(at: now))
public struct LocalCalendar: Sendable {
    private var offset: Int?
    /// Made on first use: an engine is made before the terminal UI's first frame, a calendar is
    /// needed only once something is typed.
    private var cached: Calendar?

    public init() {}

    /// The Gregorian calendar in the local time zone's offset from GMT at `date`.
    public mutating func calendar(at date: Date) -> Calendar {
        let seconds = Self.secondsFromGMT(at: date)
        var calendar = cached ?? Calendar(identifier: .gregorian)
        if seconds != offset, let zone = TimeZone(secondsFromGMT: seconds) {
            calendar.timeZone = zone
            offset = seconds
        }
        cached = calendar
        return calendar
    }

    /// The local offset from GMT at `date`, in seconds.
    public static func secondsFromGMT(at date: Date) -> Int {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }
}
