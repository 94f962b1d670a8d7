/// ISO 4217 currencies and their minor units: which three-letter codes name a currency, and how
/// many decimals its amounts have (JPY 0, EUR 2, BHD 3, CLF 4), so `1234` minor units of yen is
/// `¥1234` and of dinars `BHD 1.234`.
///
/// The table is ISO 4217 Table A.1, "Current currency & funds code list", as the maintenance agency
/// SIX publishes it (https://www.six-group.com/dam/download/financial-information/data-center/iso-currrency/lists/list-one.xml),
/// taken from the list as mirrored on 2026-02-01 by the datasets/currency-codes data package
/// (`data/codes-all.csv`: AlphabeticCode, NumericCode, MinorUnit, Currency), with withdrawn codes
/// (BGN in 2026-01, ANG in 2025-03, HRK, SLL, ZWL…) left out and so are the codes whose minor unit
/// is "N.A." (gold XAU, silver XAG, XDR, the bond-market units XBA–XBD, XSU, XUA, the testing code
/// XTS and "no currency" XXX): no card is charged in those.
///
///     ISO4217.minorUnits(of: "JPY")   // 0
///     ISO4217.minorUnits(of: "EUR")   // 2
///     ISO4217.minorUnits(of: "ABC")   // nil: not a currency
public enum ISO4217 {
    /// One line per currency: alphabetic code, numeric code, minor units, name.
    static let table = """
        code,numeric,minor_units,name
        AED,784,2,UAE Dirham
        AFN,971,2,Afghani
        ALL,008,2,Lek
        AMD,051,2,Armenian Dram
        AOA,973,2,Kwanza
        ARS,032,2,Argentine Peso
        AUD,036,2,Australian Dollar
        AWG,533,2,Aruban Florin
        AZN,944,2,Azerbaijan Manat
        BAM,977,2,Convertible Mark
        BBD,052,2,Barbados Dollar
        BDT,050,2,Taka
        BHD,048,3,Bahraini Dinar
        BIF,108,0,Burundi Franc
        BMD,060,2,Bermudian Dollar
        BND,096,2,Brunei Dollar
        BOB,068,2,Boliviano
        BOV,984,2,Mvdol
        BRL,986,2,Brazilian Real
        BSD,044,2,Bahamian Dollar
        BTN,064,2,Ngultrum
        BWP,072,2,Pula
        BYN,933,2,Belarusian Ruble
        BZD,084,2,Belize Dollar
        CAD,124,2,Canadian Dollar
        CDF,976,2,Congolese Franc
        CHE,947,2,WIR Euro
        CHF,756,2,Swiss Franc
        CHW,948,2,WIR Franc
        CLF,990,4,Unidad de Fomento
        CLP,152,0,Chilean Peso
        CNY,156,2,Yuan Renminbi
        COP,170,2,Colombian Peso
        COU,970,2,Unidad de Valor Real
        CRC,188,2,Costa Rican Colon
        CUP,192,2,Cuban Peso
        CVE,132,2,Cabo Verde Escudo
        CZK,203,2,Czech Koruna
        DJF,262,0,Djibouti Franc
        DKK,208,2,Danish Krone
        DOP,214,2,Dominican Peso
        DZD,012,2,Algerian Dinar
        EGP,818,2,Egyptian Pound
        ERN,232,2,Nakfa
        ETB,230,2,Ethiopian Birr
        EUR,978,2,Euro
        FJD,242,2,Fiji Dollar
        FKP,238,2,Falkland Islands Pound
        GBP,826,2,Pound Sterling
        GEL,981,2,Lari
        GHS,936,2,Ghana Cedi
        GIP,292,2,Gibraltar Pound
        GMD,270,2,Dalasi
        GNF,324,0,Guinean Franc
        GTQ,320,2,Quetzal
        GYD,328,2,Guyana Dollar
        HKD,344,2,Hong Kong Dollar
        HNL,340,2,Lempira
        HTG,332,2,Gourde
        HUF,348,2,Forint
        IDR,360,2,Rupiah
        ILS,376,2,New Israeli Sheqel
        INR,356,2,Indian Rupee
        IQD,368,3,Iraqi Dinar
        IRR,364,2,Iranian Rial
        ISK,352,0,Iceland Krona
        JMD,388,2,Jamaican Dollar
        JOD,400,3,Jordanian Dinar
        JPY,392,0,Yen
        KES,404,2,Kenyan Shilling
        KGS,417,2,Som
        KHR,116,2,Riel
        KMF,174,0,Comorian Franc
        KPW,408,2,North Korean Won
        KRW,410,0,Won
        KWD,414,3,Kuwaiti Dinar
        KYD,136,2,Cayman Islands Dollar
        KZT,398,2,Tenge
        LAK,418,2,Lao Kip
        LBP,422,2,Lebanese Pound
        LKR,144,2,Sri Lanka Rupee
        LRD,430,2,Liberian Dollar
        LSL,426,2,Loti
        LYD,434,3,Libyan Dinar
        MAD,504,2,Moroccan Dirham
        MDL,498,2,Moldovan Leu
        MGA,969,2,Malagasy Ariary
        MKD,807,2,Denar
        MMK,104,2,Kyat
        MNT,496,2,Tugrik
        MOP,446,2,Pataca
        MRU,929,2,Ouguiya
        MUR,480,2,Mauritius Rupee
        MVR,462,2,Rufiyaa
        MWK,454,2,Malawi Kwacha
        MXN,484,2,Mexican Peso
        MXV,979,2,Mexican Unidad de Inversion (UDI)
        MYR,458,2,Malaysian Ringgit
        MZN,943,2,Mozambique Metical
        NAD,516,2,Namibia Dollar
        NGN,566,2,Naira
        NIO,558,2,Cordoba Oro
        NOK,578,2,Norwegian Krone
        NPR,524,2,Nepalese Rupee
        NZD,554,2,New Zealand Dollar
        OMR,512,3,Rial Omani
        PAB,590,2,Balboa
        PEN,604,2,Sol
        PGK,598,2,Kina
        PHP,608,2,Philippine Peso
        PKR,586,2,Pakistan Rupee
        PLN,985,2,Zloty
        PYG,600,0,Guarani
        QAR,634,2,Qatari Rial
        RON,946,2,Romanian Leu
        RSD,941,2,Serbian Dinar
        RUB,643,2,Russian Ruble
        RWF,646,0,Rwanda Franc
        SAR,682,2,Saudi Riyal
        SBD,090,2,Solomon Islands Dollar
        SCR,690,2,Seychelles Rupee
        SDG,938,2,Sudanese Pound
        SEK,752,2,Swedish Krona
        SGD,702,2,Singapore Dollar
        SHP,654,2,Saint Helena Pound
        SLE,925,2,Leone
        SOS,706,2,Somali Shilling
        SRD,968,2,Surinam Dollar
        SSP,728,2,South Sudanese Pound
        STN,930,2,Dobra
        SVC,222,2,El Salvador Colon
        SYP,760,2,Syrian Pound
        SZL,748,2,Lilangeni
        THB,764,2,Baht
        TJS,972,2,Somoni
        TMT,934,2,Turkmenistan New Manat
        TND,788,3,Tunisian Dinar
        TOP,776,2,Pa’anga
        TRY,949,2,Turkish Lira
        TTD,780,2,Trinidad and Tobago Dollar
        TWD,901,2,New Taiwan Dollar
        TZS,834,2,Tanzanian Shilling
        UAH,980,2,Hryvnia
        UGX,800,0,Uganda Shilling
        USD,840,2,US Dollar
        USN,997,2,US Dollar (Next day)
        UYI,940,0,Uruguay Peso en Unidades Indexadas (UI)
        UYU,858,2,Peso Uruguayo
        UYW,927,4,Unidad Previsional
        UZS,860,2,Uzbekistan Sum
        VED,926,2,Bolívar Soberano
        VES,928,2,Bolívar Soberano
        VND,704,0,Dong
        VUV,548,0,Vatu
        WST,882,2,Tala
        XAD,396,2,Arab Accounting Dinar
        XAF,950,0,CFA Franc BEAC
        XCD,951,2,East Caribbean Dollar
        XCG,532,2,Caribbean Guilder
        XOF,952,0,CFA Franc BCEAO
        XPF,953,0,CFP Franc
        YER,886,2,Yemeni Rial
        ZAR,710,2,Rand
        ZMW,967,2,Zambian Kwacha
        ZWG,924,2,Zimbabwe Gold
        """

    /// Each currency of ``table`` as one number, in order: its three letters in the high bytes, its
    /// minor units in the low one (EUR with 2 is 0x45555202), read once from the table's bytes. A
    /// sorted array searched by halves, not a dictionary: building a `[String: Int]` of the codes
    /// (a String and a hash each) was 1.0 M instructions of the terminal UI's 15.7 M to its first
    /// frame (callgrind), for the session's one currency check; this is a few thousand.
    static let packedCodes: [UInt32] = {
        var result: [UInt32] = []
        result.reserveCapacity(200)
        // One pass over the bytes (the generic `split` into arrays of slices was most of the cost).
        var fields: [Range<Int>] = []
        var utf8 = Array(table.utf8)
        utf8.append(UInt8(ascii: "\n"))
        var fieldStart = 0
        var isHeader = true
        for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") {
            fields.append(fieldStart..<index)
            fieldStart = index + 1
            guard byte == UInt8(ascii: "\n") else { continue }
            defer { fields.removeAll(keepingCapacity: true) }
            if isHeader {
                isHeader = false
                continue
            }
            guard fields.count >= 4, let key = packed(utf8[fields[0]]), fields[2].count == 1 else { continue }
            let digit = utf8[fields[2].lowerBound]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { continue }
            result.append(key | UInt32(digit - UInt8(ascii: "0")))
        }
        if !zip(result, result.dropFirst()).allSatisfy({ $0 < $1 }) { result.sort() }
        return result
    }()

    /// Three ASCII capital letters as the high bytes of a number, or nil for anything else.
    private static func packed<Bytes: Collection<UInt8>>(_ code: Bytes) -> UInt32? {
        guard code.count == 3 else { return nil }
        var key: UInt32 = 0
        for byte in code {
            guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return nil }
            key = key << 8 | UInt32(byte)
        }
        return key << 8
    }

    /// The decimals of amounts in `code` (any case), or nil when it names no current currency.
    public static func minorUnits(of code: String) -> Int? {
        guard let key = packed(code.uppercased().utf8) else { return nil }
        var low = 0
        var high = packedCodes.count
        while low < high {
            let middle = (low + high) / 2
            let entry = packedCodes[middle]
            if entry & ~0xFF == key { return Int(entry & 0xFF) }
            if entry < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Whether `code` (any case) names a current ISO 4217 currency.
    public static func isCurrency(_ code: String) -> Bool {
        minorUnits(of: code) != nil
    }

    /// How many codes the table holds.
    public static var count: Int { packedCodes.count }
}
