// Ids the server makes are UUIDs: anything else names no row, so it is refused before a query (and
// PostgreSQL's uuid columns would fail on it rather than find nothing).
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
