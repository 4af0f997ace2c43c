import {
  CALC_INICIAL,
  type EstadoCalc,
  pantalla,
  presionarTodas,
  type TeclaCalc,
  teclaDesdeTeclado,
} from '@app/domain/herramientas/calculadora';
import { Button, Card, Col, Empty, Row, Typography } from 'antd';
import { type ClipboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { HerramientaHeader } from './herramienta-header.tsx';
import './herramientas.css';

const TITLE = 'Calculadora';

type Tecla = { tecla: TeclaCalc; etiqueta: string; nombre: string; tipo?: 'primary' | 'op' };

/** Buttons in reading order; the aria-label says what each symbol does. */
const TECLAS: Tecla[] = [
  { tecla: 'C', etiqueta: 'C', nombre: 'Borrar todo (Esc)' },
  { tecla: 'CE', etiqueta: 'CE', nombre: 'Borrar entrada (Supr)' },
  { tecla: '←', etiqueta: '⌫', nombre: 'Borrar último dígito (Retroceso)' },
  { tecla: '%', etiqueta: '%', nombre: 'Porcentaje', tipo: 'op' },
  { tecla: '7', etiqueta: '7', nombre: '7' },
  { tecla: '8', etiqueta: '8', nombre: '8' },
  { tecla: '9', etiqueta: '9', nombre: '9' },
  { tecla: '/', etiqueta: '÷', nombre: 'Dividir', tipo: 'op' },
  { tecla: '4', etiqueta: '4', nombre: '4' },
  { tecla: '5', etiqueta: '5', nombre: '5' },
  { tecla: '6', etiqueta: '6', nombre: '6' },
  { tecla: '*', etiqueta: '×', nombre: 'Multiplicar', tipo: 'op' },
  { tecla: '1', etiqueta: '1', nombre: '1' },
  { tecla: '2', etiqueta: '2', nombre: '2' },
  { tecla: '3', etiqueta: '3', nombre: '3' },
  { tecla: '-', etiqueta: '−', nombre: 'Restar', tipo: 'op' },
  { tecla: '±', etiqueta: '±', nombre: 'Cambiar signo (F9)' },
  { tecla: '0', etiqueta: '0', nombre: '0' },
  { tecla: ',', etiqueta: ',', nombre: 'Coma decimal' },
  { tecla: '+', etiqueta: '+', nombre: 'Sumar', tipo: 'op' },
  { tecla: '=', etiqueta: '=', nombre: 'Igual (Enter)', tipo: 'primary' },
];

const esCampoDeTexto = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** /calculadora: a desk calculator driven by the keyboard anywhere on the page, or by its buttons. */
export default function CalculadoraPage() {
  const [estado, setEstado] = useState<EstadoCalc>(CALC_INICIAL);
  const [cinta, setCinta] = useState<{ id: number; expresion: string; resultado: string }[]>([]);
  const contenedor = useRef<HTMLDivElement>(null);
  const secuencia = useRef(0);

  const actual = useRef(CALC_INICIAL);

  const aplicar = useCallback((teclas: TeclaCalc[]) => {
    const nuevo = presionarTodas(actual.current, teclas);
    actual.current = nuevo;
    setEstado(nuevo);
    if (teclas.includes('=') && nuevo.expresion.endsWith('=')) {
      secuencia.current += 1;
      const entrada = { id: secuencia.current, expresion: nuevo.expresion, resultado: pantalla(nuevo) };
      setCinta((c) => [entrada, ...c].slice(0, 10));
    }
  }, []);

  useEffect(() => {
    contenedor.current?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || esCampoDeTexto(e.target)) return;
      const tecla = teclaDesdeTeclado(e.key);
      if (!tecla) return;
      // Enter on a focused button presses that button, not '='.
      if (e.key === 'Enter' && e.target instanceof HTMLButtonElement) return;
      e.preventDefault();
      aplicar([tecla]);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [aplicar]);

  const onPaste = (e: ClipboardEvent) => {
    const teclas = [...e.clipboardData.getData('text')]
      .map((c) => teclaDesdeTeclado(c))
      .filter((t): t is TeclaCalc => t !== null);
    if (teclas.length) {
      e.preventDefault();
      aplicar(teclas);
    }
  };

  const valor = pantalla(estado);

  return (
    <>
      <HerramientaHeader title={TITLE} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={8}>
          <Card>
            <div
              ref={contenedor}
              className="calc"
              tabIndex={-1}
              onPaste={onPaste}
              role="application"
              aria-label="Calculadora"
            >
              <div className="calc-pantalla">
                <div className="calc-expresion">{estado.expresion}</div>
                <output
                  className={`calc-valor${estado.error ? ' calc-error' : ''}`}
                  aria-live="polite"
                  aria-label="Resultado"
                >
                  {valor}
                </output>
              </div>
              <div className="calc-teclas">
                {TECLAS.map((t) => (
                  <Button
                    key={t.tecla}
                    type={t.tipo === 'primary' ? 'primary' : 'default'}
                    className={t.tecla === '=' ? 'calc-igual' : undefined}
                    aria-label={t.nombre}
                    title={t.nombre}
                    style={t.tipo === 'op' ? { fontWeight: 600 } : undefined}
                    // A mouse click leaves the focus where it was, so Enter keeps meaning '='.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => aplicar([t.tecla])}
                  >
                    {t.etiqueta}
                  </Button>
                ))}
              </div>
            </div>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card title="Operaciones recientes" style={{ marginBottom: 16 }}>
            {cinta.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aún no hay operaciones." />
            ) : (
              <ol className="calc-cinta" aria-label="Operaciones recientes">
                {cinta.map((o) => (
                  <li key={o.id}>
                    <Typography.Text type="secondary">{o.expresion}</Typography.Text>
                    <Typography.Text strong copyable={{ text: o.resultado, tooltips: ['Copiar', 'Copiado'] }}>
                      {o.resultado}
                    </Typography.Text>
                  </li>
                ))}
              </ol>
            )}
          </Card>
          <Card title="Teclado">
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              Números y coma (o punto) decimal; + − * (o x) / para operar; % porcentaje; Enter o = para el
              resultado; Retroceso borra el último dígito, Supr la entrada y Esc todo; F9 cambia el signo.
              También puede pegar una operación (Ctrl+V), por ejemplo 12,5+3=.
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </>
  );
}
