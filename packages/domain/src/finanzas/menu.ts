import { registerMenuItem } from '../navigation.ts';
import { PERFILES_FINANZAS } from './rules.ts';

/** The payment file's manual in the Ayuda section, for those who upload it (decision 55). */
registerMenuItem({
  key: 'manual-pagos',
  label: 'Manual del archivo de pagos',
  route: '/manual-pagos',
  area: 'auditoria',
  section: 'ayuda',
  profiles: PERFILES_FINANZAS,
});
