import { COLUMNAS_CARGA_AMB, ETIQUETAS_CARGA_AMB, formatDate } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Row as GridRow, Input, Modal, Skeleton } from 'antd';
import { type CargaAmb, cargaAmbApi, cargaAmbKeys } from './cargaamb-api.ts';

const CAMPOS = ['idCargaAmb', ...COLUMNAS_CARGA_AMB];
const etiqueta = (c: string) => (c === 'idCargaAmb' ? 'ID carga ambulatoria' : (ETIQUETAS_CARGA_AMB[c] ?? c));

/** A field as the modal shows it: upper-case text, the date as dd/MM/yyyy, empty when missing. */
function valor(r: CargaAmb, c: string) {
  const v = (r as Record<string, unknown>)[c];
  if (v === null || v === undefined) return '';
  return c === 'fecha' ? formatDate(String(v)) : String(v).toUpperCase();
}

/** The view-only modal of docs/spec-summary.md 002: every field of the record, upper-case, no save button. */
export function CargaAmbModal({
  idTramite,
  id,
  onClose,
}: {
  idTramite: number;
  id: number | null;
  onClose: () => void;
}) {
  const q = useQuery({
    queryKey: cargaAmbKeys.one(idTramite, id),
    queryFn: ({ signal }) => cargaAmbApi(idTramite).get(id ?? 0, signal),
    enabled: id !== null,
  });
  const r = q.data;
  return (
    <Modal
      open={id !== null}
      title="Atención ambulatoria"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Cerrar</Button>}
      width={900}
      style={{ top: 32 }}
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' } }}
    >
      {!r ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical">
          <GridRow gutter={12}>
            {CAMPOS.map((c) => (
              <Col key={c} xs={24} sm={12} md={c === 'motivo' || c === 'nombrePaciente' ? 12 : 6}>
                <Form.Item label={etiqueta(c)} htmlFor={`cargaamb-${c}`} style={{ marginBottom: 8 }}>
                  <Input id={`cargaamb-${c}`} value={valor(r, c)} readOnly variant="filled" />
                </Form.Item>
              </Col>
            ))}
          </GridRow>
        </Form>
      )}
    </Modal>
  );
}
