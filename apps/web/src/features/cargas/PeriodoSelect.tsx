// Moved to components/PeriodoSelect.tsx (issue 12 §5); this re-export stays until the last importers move.
export { PeriodoSelect, periodoTexto } from '../../components/PeriodoSelect.tsx';
