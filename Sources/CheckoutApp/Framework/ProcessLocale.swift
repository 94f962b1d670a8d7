import CheckoutStore
import CheckoutCore
import Glibc

/// Sets the process's locale from the environment, so the terminal is drawn in the character set
/// the environment names even when the locale itself was never generated on this machine.
///
/// `LANG=fr_FR.UTF-8` on a machine that has only `C.UTF-8` (a fresh Debian, most containers) makes
/// `setlocale` fail and leaves the C locale, whose character set is ASCII: the screens would draw
/// `EUR 49.99` and `(*)`. The name asks for UTF-8, and the character set is all drawing needs, so
/// the character type falls back to a UTF-8 locale every glibc has (``LocaleName/characterTypeFallbacks(in:)``).
/// The language is chosen from the environment's names, not from the locale set here, so it is kept.
public enum ProcessLocale {
    /// Sets `category` (`LC_CTYPE`: the character type is all the front ends need) from the
    /// environment, with the fallback above; returns the character set then in force
    /// (`nl_langinfo(CODESET)`: `UTF-8`, `ANSI_X3.4-1968`…).
    @discardableResult
    public static func adoptEnvironment(_ category: Int32) -> String {
        if setlocale(category, "") == nil {
            for name in LocaleName.characterTypeFallbacks(in: ProcessEnvironment.values(LocaleName.variables))
            where setlocale(LC_CTYPE, name) != nil { break }
        }
        return nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
    }
}
