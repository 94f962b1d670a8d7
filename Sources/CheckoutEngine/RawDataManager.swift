// The RawDataManager actor (issue 3) lives here.
