import { DownloadOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@app/domain/common/format';
import { formatMoneyText } from '@app/domain/detalles/money';
import { MSG_FINANZAS } from '@app/domain/finanzas/messages';
import type { DiferenciaPago } from '@app/domain/finanzas/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Result, Spin, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { finanzasApi, finanzasKeys, type PagoCarga } from './finanzas-api.ts';

const dinero = (v: string) => `$ ${formatMoneyText(v)}`;

type Rechazo = { message: string; lines: string[]; total: number };
type TramiteRef = { idTramite: number; numero: string };

function Saldo({ saldo }: { saldo: PagoCarga['saldo'] }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={3}
      items={[
        { key: 'a', label: 'Aprobado', children: dinero(saldo.aprobado) },
        { key: 'p', label: 'Pagado', children: dinero(saldo.pagado) },
        { key: 'n', label: 'Pendiente de pago', children: dinero(saldo.pendiente) },
      ]}
    />
  );
}

/** The payments that differ from what was approved for them, line by line (spec: differences reported). */
function Diferencias({ r }: { r: PagoCarga }) {
  if (r.filasConDiferencia === 0)
    return <Alert type="success" showIcon title={MSG_FINANZAS.sinDiferencias} />;
  return (
    <>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        Diferencias entre lo aprobado y lo pagado ({r.filasConDiferencia}{' '}
        {r.filasConDiferencia === 1 ? 'fila' : 'filas'}
        {r.filasConDiferencia > r.diferencias.length ? `; se muestran ${r.diferencias.length}` : ''})
      </Typography.Paragraph>
      <Table<DiferenciaPago>
        size="small"
        rowKey="fila"
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        dataSource={r.diferencias}
        columns={[
          { key: 'fila', title: 'Fila', dataIndex: 'fila', width: 60 },
          { key: 'planilla', title: 'Planilla', dataIndex: 'noPlanilla' },
          { key: 'codigo', title: 'Código', render: (_, d) => d.noServicio ?? 'Atención completa' },
          { key: 'fecha', title: 'F. atención', render: (_, d) => formatDate(d.fechaAtencion) },
          { key: 'aprobado', title: 'Aprobado', align: 'right', render: (_, d) => dinero(d.aprobado) },
          { key: 'antes', title: 'Pagado antes', align: 'right', render: (_, d) => dinero(d.pagadoAntes) },
          { key: 'pagado', title: 'Pagado', align: 'right', render: (_, d) => dinero(d.pagado) },
          {
            key: 'pendiente',
            title: 'Pendiente',
            align: 'right',
            render: (_, d) => <Typography.Text type="warning">{dinero(d.pendiente)}</Typography.Text>,
          },
        ]}
      />
    </>
  );
}

/** Earlier payment files of the procedure and its balance. */
function Historial({ idTramite }: { idTramite: number }) {
  const q = useQuery({
    queryKey: finanzasKeys.pagos(idTramite),
    queryFn: ({ signal }) => finanzasApi.pagos(idTramite, signal),
  });
  if (!q.data) return q.isError ? <Alert type="error" title={q.error.message} /> : <Spin />;
  return (
    <>
      <Saldo saldo={q.data.saldo} />
      {q.data.items.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey="idPagoFin"
          pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={q.data.items}
          columns={[
            { key: 'fecha', title: 'Cargado', render: (_, p) => formatDateTime(p.fechaReg) },
            { key: 'archivo', title: 'Archivo', dataIndex: 'nombreArchivo' },
            { key: 'usuario', title: 'Usuario', dataIndex: 'usuario' },
            { key: 'filas', title: 'Pagos', dataIndex: 'filas', align: 'right' },
            { key: 'total', title: 'Total pagado', align: 'right', render: (_, p) => dinero(p.totalPagado) },
          ]}
        />
      )}
    </>
  );
}

/**
 * 'Cargar archivo de pagos' (docs/spec-summary.md 000 §2 and §8, `cargafinans`): choose the insurer's .csv or .xlsx, 'Procesando...'
 * while it is checked, then 'Archivos cargados correctamente' with the differences line by line, or
 * 'Error' / 'Hubo un error al cargar los archivos. Inténtelo de nuevo.' with the server's message and
 * the errors of each row (nothing is recorded then).
 */
export function PagosModal({
  tramite,
  open,
  onClose,
}: {
  tramite: TramiteRef;
  open: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [rechazo, setRechazo] = useState<Rechazo | null>(null);
  const [resultado, setResultado] = useState<PagoCarga | null>(null);
  const carga = useMutation({
    mutationFn: (f: File) => finanzasApi.cargarPagos(tramite.idTramite, f),
    onSuccess: (r) => {
      setResultado(r);
      setArchivo(null);
    },
    onError: (e: Error) =>
      setRechazo(
        e instanceof ApiError
          ? { message: e.message, lines: e.detalles, total: e.totalDetalles }
          : { message: e.message, lines: [], total: 0 },
      ),
    // The procedure's log and balance changed (or may have): read them again.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: finanzasKeys.all });
      void qc.invalidateQueries({ queryKey: tramiteKeys.all });
    },
  });

  function cerrar() {
    if (carga.isPending) return;
    setArchivo(null);
    setAviso(null);
    setRechazo(null);
    setResultado(null);
    onClose();
  }

  function cargar() {
    if (carga.isPending) return;
    if (!archivo) {
      setAviso(MSG_FINANZAS.sinArchivo);
      return;
    }
    setAviso(null);
    setRechazo(null);
    carga.mutate(archivo);
  }

  const q = `?idTramite=${tramite.idTramite}`;
  return (
    <Modal
      open={open}
      title={`${MSG_FINANZAS.cargarPagos} — Trámite ${tramite.numero}`}
      width={860}
      onCancel={cerrar}
      closable={!carga.isPending}
      maskClosable={false}
      destroyOnHidden
      footer={
        resultado
          ? [
              <Button key="otro" onClick={() => setResultado(null)}>
                Cargar otro archivo
              </Button>,
              <Button key="cerrar" type="primary" onClick={cerrar}>
                Cerrar
              </Button>,
            ]
          : [
              <Button key="cancelar" onClick={cerrar} disabled={carga.isPending}>
                Cancelar
              </Button>,
              <Button key="cargar" type="primary" loading={carga.isPending} onClick={cargar}>
                Cargar
              </Button>,
            ]
      }
    >
      {resultado ? (
        <Flex vertical gap={12}>
          <Result
            status="success"
            title={MSG_FINANZAS.cargaExitosaTitulo}
            subTitle={resultado.mensaje}
            style={{ padding: '8px 0' }}
          />
          <Saldo saldo={resultado.saldo} />
          <Diferencias r={resultado} />
        </Flex>
      ) : (
        <Spin spinning={carga.isPending} tip={MSG_FINANZAS.procesando}>
          <Flex vertical gap={12}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              Archivo .csv (punto y coma o coma) o libro de Excel .xlsx (primera hoja) con las columnas
              idTramite, noPlanilla y valorPagado, y opcionalmente noServicio, fechaAtencion, fechaPago y
              referencia. Solo con el trámite FINALIZADO; si una fila tiene errores no se registra ningún
              pago.
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              <Button icon={<FileTextOutlined />} href={`/manual-pagos${q}`} target="_blank" rel="noopener">
                Manual del archivo de pagos
              </Button>
              <Button icon={<DownloadOutlined />} href={`/api/v1/manual-pagos/ejemplo.csv${q}`}>
                Ejemplo CSV
              </Button>
              <Button icon={<DownloadOutlined />} href={`/api/v1/manual-pagos/ejemplo.xlsx${q}`}>
                Ejemplo Excel
              </Button>
            </Flex>
            <Upload.Dragger
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              disabled={carga.isPending}
              beforeUpload={(f) => {
                setArchivo(f);
                setAviso(null);
                setRechazo(null);
                return false;
              }}
              onRemove={() => setArchivo(null)}
              fileList={archivo ? [{ uid: '1', name: archivo.name, status: 'done' }] : []}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">Haga clic o arrastre aquí el archivo de pagos (.csv o .xlsx)</p>
            </Upload.Dragger>
            {aviso && <Alert type="warning" showIcon title={aviso} />}
            {rechazo && (
              <Alert
                type="error"
                showIcon
                title={MSG_FINANZAS.errorTitulo}
                description={
                  <>
                    <p style={{ margin: 0 }}>{MSG_FINANZAS.errorCarga}</p>
                    <p style={{ margin: '4px 0 0' }}>{rechazo.message}</p>
                    {rechazo.lines.length > 0 && rechazo.lines[0] !== rechazo.message && (
                      <ul
                        aria-label="Errores por fila"
                        style={{
                          maxHeight: 240,
                          overflowY: 'auto',
                          margin: '8px 0 0',
                          paddingInlineStart: 20,
                        }}
                      >
                        {rechazo.lines.map((l) => (
                          <li key={l}>{l}</li>
                        ))}
                      </ul>
                    )}
                    {rechazo.total > rechazo.lines.length && (
                      <p style={{ margin: '4px 0 0' }}>
                        … y {rechazo.total - rechazo.lines.length} errores más.
                      </p>
                    )}
                  </>
                }
              />
            )}
            <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
              Pagos del trámite
            </Typography.Title>
            <Historial idTramite={tramite.idTramite} />
          </Flex>
        </Spin>
      )}
    </Modal>
  );
}
