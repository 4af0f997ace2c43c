// Moved to features/planillas/controles-sql.ts (issue 12 §5: breaks the planillas ↔ revision cycle); kept as a
// re-export for the revision routes.
export { controlSql } from '../planillas/controles-sql.ts';
