// Moved to apps/api/src/test/fixtures.ts (issue 12 §5); this re-export stays until the last importers move.
export * from '../../test/fixtures.ts';
