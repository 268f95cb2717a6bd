/**
 * The changes journal behind `GET /changes/` (docs/api.md, "The changes feed"): which records a
 * write touched, and through which division a caller sees each. Triggers write it in the same
 * transaction as the write itself, whatever code made the write, so the feed can never miss one.
 *
 * One row per (record, division it was seen through): a record's later write deletes its row and
 * inserts a new one with the next `seq`, so the journal stays as long as the records it names (and
 * one tombstone per deleted record and division), not as long as the history of writes. A record
 * that left a division keeps its row there, so a reader of that division learns it is gone. Users
 * are seen through no division (''): admins see the account's users, a regular user their own.
 *
 * `seq` is AUTOINCREMENT, never reused: SQLite has one writer at a time, so seq order is commit order
 * and a reader that has read up to seq N has read every change committed before N. The triggers
 * write through the `changed` view, whose one INSTEAD OF trigger holds the replace-the-row rule: a
 * write made with INSERT OR IGNORE (division_members) would turn an INSERT OR REPLACE inside its
 * triggers into an ignore, so the old row is deleted explicitly instead.
 *
 * A record's GET body is what the journal follows: an employer lists its plans, a division its
 * employers and members' e-mails, a user their divisions, so writes of those touch them too.
 */
export const changes = {
  version: 12,
  name: 'changes',
  sql: `
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL,
  entity TEXT NOT NULL CHECK (entity = 'division' OR entity = 'user' OR entity = 'employer' OR entity = 'plan'),
  record_id TEXT NOT NULL,
  division_id TEXT NOT NULL,
  kind TEXT
) STRICT;
CREATE UNIQUE INDEX changes_record_division ON changes(entity, record_id, division_id);

CREATE VIEW changed AS SELECT account_id, entity, record_id, division_id, kind FROM changes;
CREATE TRIGGER changed_insert INSTEAD OF INSERT ON changed BEGIN
  DELETE FROM changes WHERE entity = NEW.entity AND record_id = NEW.record_id AND division_id = NEW.division_id;
  INSERT INTO changes (account_id, entity, record_id, division_id, kind) VALUES (NEW.account_id, NEW.entity, NEW.record_id, NEW.division_id, NEW.kind);
END;

CREATE TRIGGER divisions_inserted AFTER INSERT ON divisions BEGIN
  INSERT INTO changed VALUES (NEW.account_id, 'division', NEW.id, NEW.id, NULL);
END;
CREATE TRIGGER divisions_updated AFTER UPDATE ON divisions BEGIN
  INSERT INTO changed VALUES (NEW.account_id, 'division', NEW.id, NEW.id, NULL);
END;
CREATE TRIGGER divisions_deleted AFTER DELETE ON divisions BEGIN
  INSERT INTO changed VALUES (OLD.account_id, 'division', OLD.id, OLD.id, NULL);
END;

CREATE TRIGGER users_inserted AFTER INSERT ON users BEGIN
  INSERT INTO changed VALUES (NEW.account_id, 'user', NEW.id, '', NULL);
END;
CREATE TRIGGER users_updated AFTER UPDATE ON users BEGIN
  INSERT INTO changed VALUES (NEW.account_id, 'user', NEW.id, '', NULL);
END;
-- A division lists its members by e-mail.
CREATE TRIGGER users_email_changed AFTER UPDATE OF email ON users WHEN OLD.email <> NEW.email BEGIN
  INSERT INTO changed SELECT NEW.account_id, 'division', division_id, division_id, NULL FROM division_members WHERE user_id = NEW.id;
END;
CREATE TRIGGER users_deleted AFTER DELETE ON users BEGIN
  INSERT INTO changed VALUES (OLD.account_id, 'user', OLD.id, '', NULL);
END;

-- A user lists their divisions, a division its members. Either row may be going away with the
-- membership (a cascade from deleting it): then only the other one is touched.
CREATE TRIGGER division_members_inserted AFTER INSERT ON division_members BEGIN
  INSERT INTO changed SELECT account_id, 'user', id, '', NULL FROM users WHERE id = NEW.user_id;
  INSERT INTO changed SELECT account_id, 'division', id, id, NULL FROM divisions WHERE id = NEW.division_id;
END;
CREATE TRIGGER division_members_deleted AFTER DELETE ON division_members BEGIN
  INSERT INTO changed SELECT account_id, 'user', id, '', NULL FROM users WHERE id = OLD.user_id;
  INSERT INTO changed SELECT account_id, 'division', id, id, NULL FROM divisions WHERE id = OLD.division_id;
END;

-- A division lists its employers.
CREATE TRIGGER employers_inserted AFTER INSERT ON employers BEGIN
  INSERT INTO changed VALUES (NEW.account_id, 'employer', NEW.id, NEW.division_id, NULL);
  INSERT INTO changed VALUES (NEW.account_id, 'division', NEW.division_id, NEW.division_id, NULL);
END;
CREATE TRIGGER employers_updated AFTER UPDATE ON employers BEGIN
  INSERT INTO changed VALUES (NEW.account_id, 'employer', NEW.id, NEW.division_id, NULL);
END;
-- Moved to another division: it and its plans leave the old one (readers of it are told they are
-- gone) and enter the new one; both divisions' lists of employers change.
CREATE TRIGGER employers_moved AFTER UPDATE OF division_id ON employers WHEN OLD.division_id <> NEW.division_id BEGIN
  INSERT INTO changed VALUES (OLD.account_id, 'employer', OLD.id, OLD.division_id, NULL);
  INSERT INTO changed SELECT NEW.account_id, 'plan', id, OLD.division_id, benefit FROM plans WHERE employer_id = NEW.id;
  INSERT INTO changed SELECT NEW.account_id, 'plan', id, NEW.division_id, benefit FROM plans WHERE employer_id = NEW.id;
  INSERT INTO changed VALUES (OLD.account_id, 'division', OLD.division_id, OLD.division_id, NULL);
  INSERT INTO changed VALUES (NEW.account_id, 'division', NEW.division_id, NEW.division_id, NULL);
END;
-- Before: its plans are deleted with it by cascade, and by then their employer (and so their
-- division) can no longer be read.
CREATE TRIGGER employers_deleting BEFORE DELETE ON employers BEGIN
  INSERT INTO changed SELECT OLD.account_id, 'plan', id, OLD.division_id, benefit FROM plans WHERE employer_id = OLD.id;
END;
CREATE TRIGGER employers_deleted AFTER DELETE ON employers BEGIN
  INSERT INTO changed VALUES (OLD.account_id, 'employer', OLD.id, OLD.division_id, NULL);
  INSERT INTO changed VALUES (OLD.account_id, 'division', OLD.division_id, OLD.division_id, NULL);
END;

-- An employer lists its plans, active and expired apart (so by end_date).
CREATE TRIGGER plans_inserted AFTER INSERT ON plans BEGIN
  INSERT INTO changed SELECT account_id, 'plan', NEW.id, division_id, NEW.benefit FROM employers WHERE id = NEW.employer_id;
  INSERT INTO changed SELECT account_id, 'employer', id, division_id, NULL FROM employers WHERE id = NEW.employer_id;
END;
CREATE TRIGGER plans_updated AFTER UPDATE ON plans BEGIN
  INSERT INTO changed SELECT account_id, 'plan', NEW.id, division_id, NEW.benefit FROM employers WHERE id = NEW.employer_id;
END;
CREATE TRIGGER plans_moved AFTER UPDATE OF employer_id, end_date ON plans WHEN OLD.employer_id <> NEW.employer_id OR OLD.end_date <> NEW.end_date BEGIN
  INSERT INTO changed SELECT account_id, 'plan', NEW.id, division_id, NEW.benefit FROM employers WHERE id = OLD.employer_id;
  INSERT INTO changed SELECT account_id, 'employer', id, division_id, NULL FROM employers WHERE id = OLD.employer_id OR id = NEW.employer_id;
END;
-- Deleted with its employer, the employer is already gone here: employers_deleting wrote its row.
CREATE TRIGGER plans_deleted AFTER DELETE ON plans BEGIN
  INSERT INTO changed SELECT account_id, 'plan', OLD.id, division_id, OLD.benefit FROM employers WHERE id = OLD.employer_id;
  INSERT INTO changed SELECT account_id, 'employer', id, division_id, NULL FROM employers WHERE id = OLD.employer_id;
END;
`,
};

/** The journal's triggers on the record tables, as this migration made them: dropped by migration 16, made again by changes-journal.ts where a server keeps the journal. */
export const changesJournalTriggers: readonly { name: string; sql: string }[] = [
  ...changes.sql.matchAll(/^CREATE TRIGGER (\w+) (?!INSTEAD OF)[\s\S]*?^END;$/gm),
].map((match) => ({ name: match[1]!, sql: match[0] }));
