#include "CSQLiteClosing.h"

#include <sqlite3.h>

int csqlite_keep_wal_on_close(struct sqlite3 *connection) {
    return sqlite3_db_config(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
