// CSQLiteClosing: how a SQLite connection behaves when it closes, for HarborSQLite.
//
// Why C: the setting is made with sqlite3_db_config, a variadic function, which Swift cannot call.
#ifndef CSQLITECLOSING_H
#define CSQLITECLOSING_H

#ifdef __cplusplus
extern "C" {
#endif

struct sqlite3;

/// Makes `connection` leave the WAL file as it is when it closes, even as the file's last
/// connection: no checkpoint, and the -wal and -shm files are not deleted
/// (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). Returns SQLite's result code (SQLITE_OK is 0).
int csqlite_keep_wal_on_close(struct sqlite3 *connection);

#ifdef __cplusplus
}
#endif

#endif
