// The live change feed's credentials are this manager's session. `FeedCredentials` is declared with the feed
// (Live/FeedCredentials.swift); until that file is part of the module, this conformance is compiled out.
#if MARQUEEKIT_LIVE_FEED
    extension SessionManager: FeedCredentials {}
#endif
