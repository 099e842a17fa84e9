// Shared by every model: timestamps travel as ISO-8601 strings in both directions, because SQLite
// stores text and PostgreSQL returns Date objects; the API always sees the same string form.
import { Model, type Pojo } from 'objection';

export abstract class BaseModel extends Model {
  /** Columns holding instants; converted to ISO strings when read. */
  static timestampColumns: readonly string[] = ['createdAt', 'updatedAt'];

  override $parseDatabaseJson(json: Pojo): Pojo {
    let parsed = super.$parseDatabaseJson(json);
    for (const column of (this.constructor as typeof BaseModel).timestampColumns) {
      const value = parsed[column];
      if (!(value instanceof Date) && typeof value !== 'number') continue;
      // Copied before the first change: the row may be shared (see infrastructure/sessions.ts).
      if (parsed === json) parsed = { ...json };
      parsed[column] = new Date(value).toISOString();
    }
    return parsed;
  }
}

export const isoNow = (now: Date = new Date()): string => now.toISOString();
