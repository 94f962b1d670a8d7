#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>
/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it. */
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
/* sqlite3_db_config is variadic, which Swift cannot call: whether closing the last connection
   checkpoints the WAL into the database file (on by default). */
static inline int csqlite_set_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}
/* sqlite3_config is variadic too. No bulk page cache: by default each connection's page cache
   takes 20 pages (87 KB) in one allocation at its first read and writes a header into each, so a
   terminal session's two caches kept 174 KB resident for the few pages a ledger reads; without it
   pages are allocated as they are read. Must come before SQLite is initialized (SQLITE_MISUSE after). */
static inline int csqlite_no_bulk_page_cache(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
#endif
