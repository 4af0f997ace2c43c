import { CalculatorOutlined, MedicineBoxOutlined, SearchOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export type Action = { key: string; label: string; icon: ReactNode; route?: string; danger?: boolean };

/** The tools of docs/spec-summary.md 002 §2, in the user drawer and in the side menu (issue 14 §3). */
export const TOOLS: Action[] = [
  { key: 'cobertura', label: 'Consulta Cobertura', icon: <SearchOutlined />, route: '/consultacobertura' },
  { key: 'vademecum', label: 'Vademecum', icon: <MedicineBoxOutlined />, route: '/vademecum' },
  { key: 'calculadora', label: 'Calculadora', icon: <CalculatorOutlined />, route: '/calculadora' },
  { key: 'imc-adultos', label: 'IMC Adultos', icon: <CalculatorOutlined />, route: '/imc-adultos' },
  { key: 'imc-menores', label: 'IMC Menores', icon: <CalculatorOutlined />, route: '/imc-menores' },
];
