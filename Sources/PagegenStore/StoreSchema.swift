import GRDB

/// The store's tables, and the migrations from each earlier schema. The first schema
/// is kept as a test fixture: a later one comes with its migration.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE list (
                      account TEXT NOT NULL,
                      endpoint TEXT NOT NULL,
                      list TEXT NOT NULL,
                      anchorRow INTEGER,
                      usedAt REAL NOT NULL,
                      useOrder INTEGER NOT NULL,
                      items INTEGER NOT NULL DEFAULT 0,
                      bytes INTEGER NOT NULL DEFAULT 0,
                      PRIMARY KEY (account, endpoint, list)
                    );
                    CREATE INDEX list_by_use ON list (useOrder);
                    CREATE TABLE page (
                      account TEXT NOT NULL,
                      endpoint TEXT NOT NULL,
                      list TEXT NOT NULL,
                      key TEXT NOT NULL,
                      body BLOB NOT NULL,
                      head TEXT NOT NULL,
                      next TEXT,
                      itemCount INTEGER NOT NULL,
                      identities TEXT,
                      etag TEXT,
                      lastModified TEXT,
                      storedAt REAL NOT NULL,
                      bytes INTEGER NOT NULL,
                      UNIQUE (account, endpoint, list, key),
                      FOREIGN KEY (account, endpoint, list) REFERENCES list (account, endpoint, list) ON DELETE CASCADE
                    );
                    CREATE INDEX page_by_age ON page (storedAt);
                    CREATE TABLE walk (
                      account TEXT NOT NULL,
                      endpoint TEXT NOT NULL,
                      list TEXT NOT NULL,
                      name TEXT NOT NULL,
                      progress TEXT NOT NULL,
                      PRIMARY KEY (account, endpoint, list, name),
                      FOREIGN KEY (account, endpoint, list) REFERENCES list (account, endpoint, list) ON DELETE CASCADE
                    );
                    """)
        }
        return migrator
    }
}
