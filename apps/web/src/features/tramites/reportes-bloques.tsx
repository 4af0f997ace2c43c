import { FilePdfOutlined } from '@ant-design/icons';
import { MSG_REPORTE } from '@app/domain/reportes/pdf';
import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { type EnCurso, openPdf, textoEnCurso } from '../../components/download.ts';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { bloquesReportes, rutaReporte } from './reportes-rules.ts';

type Feedback = ReturnType<typeof useFeedback>;

/**
 * The procedure's PDF reports (docs/spec-summary.md 000 §2, audit side): two blocks of buttons. A report opens in a
 * new tab; while the server draws it the button reads 'Procesando...'; a failure says
 * 'Error al obtener el reporte…' (docs/spec-summary.md 001 §8).
 */
export function ReportesBloques({
  tramite,
  idPerfil,
  feedback,
}: {
  tramite: { idTramite: number; estadoTramite: string; tipoAsignacion: string | null };
  idPerfil: number;
  feedback: Feedback;
}) {
  // Reports being fetched, each with what the server last said of it (drawn by a worker: decision 78).
  const [enCurso, setEnCurso] = useState<ReadonlyMap<number, EnCurso | null>>(new Map());
  const bloques = bloquesReportes(tramite, idPerfil);

  async function abrir(id: number, tipo?: 'M' | 'D') {
    setEnCurso((s) => new Map(s).set(id, null));
    try {
      await openPdf(
        rutaReporte(id, tramite.idTramite),
        { tipo },
        { alAvance: (a) => setEnCurso((s) => (s.has(id) ? new Map(s).set(id, a) : s)) },
      );
    } catch (e) {
      // The dead letter of the report's job has its own message; anything else is the spec's.
      feedback.errorDialog(
        e instanceof ApiError && e.code === 'REPORTE_FALLIDO' ? e.message : MSG_REPORTE.errorObtener,
      );
    } finally {
      setEnCurso((s) => {
        const n = new Map(s);
        n.delete(id);
        return n;
      });
    }
  }

  return (
    <Card
      variant="borderless"
      size="small"
      style={{ marginBottom: 16 }}
      styles={{ body: { padding: '8px 16px' } }}
      aria-label="Reportes PDF del trámite"
    >
      <Flex vertical gap={8}>
        {bloques.map((b) => (
          <Flex key={b.titulo} wrap gap={8} align="center" role="group" aria-label={b.titulo}>
            <Typography.Text type="secondary">{b.titulo}:</Typography.Text>
            {b.botones.map((r) => {
              const procesando = enCurso.has(r.id);
              const avance = enCurso.get(r.id);
              const boton = (
                <Button
                  size="small"
                  icon={<FilePdfOutlined aria-hidden />}
                  loading={procesando}
                  disabled={r.motivo !== null}
                  onClick={() => void abrir(r.id, r.tipo)}
                  aria-label={`${r.titulo} (PDF)`}
                >
                  {procesando ? textoEnCurso(avance) : r.label}
                </Button>
              );
              return (
                <Tooltip
                  key={r.id}
                  title={avance?.mensaje ?? r.motivo ?? `${r.titulo} (PDF, se abre en otra pestaña)`}
                >
                  {/* A disabled button gets no pointer events: the span shows the reason. */}
                  {r.motivo ? <span>{boton}</span> : boton}
                </Tooltip>
              );
            })}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
