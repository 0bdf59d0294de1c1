"""Reading and writing games: versioned JSON, the JSON Schema, game records and replay."""
