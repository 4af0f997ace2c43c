import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { COLUMNAS_CARGA_AMB, ETIQUETAS_CARGA_AMB, formatDate, PERFIL } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Form,
  Row as GridRow,
  Input,
  List,
  Modal,
  Skeleton,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { textCol } from '../../components/columns.tsx';
import { parseId } from '../../components/detail-state.tsx';
import { INICIO } from '../../components/page-header.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { useSession } from '../../lib/use-session.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { adminApi, adminKeys, type CargaAmbRow } from './admin-api.ts';

/** The view-only modal of docs/spec-summary.md 002: every field of the record, upper-case, no save button. */
function CargaAmbModal({
  idTramite,
  id,
  onClose,
}: {
  idTramite: number;
  id: number | null;
  onClose: () => void;
}) {
  const q = useQuery({
    queryKey: adminKeys.one(`cargaamb-${idTramite}`, id),
    queryFn: ({ signal }) => adminApi.cargaAmb(idTramite).get(id ?? 0, signal),
    enabled: id !== null,
  });
  const r = q.data;
  const campos = ['idCargaAmb', ...COLUMNAS_CARGA_AMB];
  const etiqueta = (c: string) =>
    c === 'idCargaAmb' ? 'ID carga ambulatoria' : (ETIQUETAS_CARGA_AMB[c] ?? c);
  const valor = (c: string) => {
    const v = r?.[c];
    if (v === null || v === undefined) return '';
    return c === 'fecha' ? formatDate(String(v)) : String(v).toUpperCase();
  };
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
            {campos.map((c) => (
              <Col key={c} xs={24} sm={12} md={c === 'motivo' || c === 'nombrePaciente' ? 12 : 6}>
                <Form.Item label={etiqueta(c)} htmlFor={`cargaamb-${c}`} style={{ marginBottom: 8 }}>
                  <Input id={`cargaamb-${c}`} value={valor(c)} readOnly variant="filled" />
                </Form.Item>
              </Col>
            ))}
          </GridRow>
        </Form>
      )}
    </Modal>
  );
}

/** Supervisor's upload of the ambulatory records of a load (.csv only; all rows or none). */
function UploadCargaAmb({
  idTramite,
  idCarga,
  open,
  onClose,
}: {
  idTramite: number;
  idCarga: number;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [errores, setErrores] = useState<{ message: string; lines: string[]; total: number } | null>(null);
  const upload = useEnvio({
    mutationFn: async () => {
      const form = new FormData();
      if (idCarga) form.append('idCarga', String(idCarga));
      form.append('archivo', file!);
      return adminApi.cargaAmb(idTramite).upload(form);
    },
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      setFile(null);
      setErrores(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all(`cargaamb-${idTramite}`) });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError)
        setErrores({ message: e.message, lines: e.detalles, total: e.totalDetalles });
      else setErrores({ message: e.message, lines: [], total: 0 });
    },
  });
  return (
    <>
      {feedback.contextHolder}
      <Modal
        open={open}
        title="Cargar atenciones ambulatorias (.csv)"
        okText="Cargar"
        cancelText="Cancelar"
        okButtonProps={{ disabled: !file }}
        confirmLoading={upload.isPending}
        cancelButtonProps={{ disabled: upload.isPending }}
        closable={!upload.isPending}
        onCancel={() => !upload.isPending && onClose()}
        onOk={() => file && !upload.isPending && upload.mutate()}
        width={720}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Archivo .csv separado por punto y coma (;) o coma, con encabezado: numero, nombrePaciente, cedula,
          tipo, fecha, horaDesde, horaHasta, motivo, diag1 … diag5, laboratorio01 … laboratorio10, imagen01 …
          imagen10. Si una fila tiene errores no se guarda ninguna.
        </Typography.Paragraph>
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setErrores(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>Seleccionar archivo .csv</Button>
        </Upload>
        {errores && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={errores.message}
            description={
              errores.lines.length > 0 && (
                <List
                  size="small"
                  dataSource={errores.lines}
                  renderItem={(l) => <List.Item style={{ paddingInline: 0 }}>{l}</List.Item>}
                  footer={
                    errores.total > errores.lines.length
                      ? `… y ${errores.total - errores.lines.length} errores más.`
                      : undefined
                  }
                  style={{ maxHeight: 260, overflowY: 'auto' }}
                />
              )
            }
          />
        )}
      </Modal>
    </>
  );
}

/** /cargaamb/:idTramite/:idCarga? — ambulatory records of a procedure and load: Número, Nombre Paciente, Cédula, Tipo. */
export function CargaAmbPage() {
  const params = useParams();
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const idCarga = parseId(params.idCarga);
  const session = useSession();
  const [ver, setVer] = useState<number | null>(null);
  const [subir, setSubir] = useState(false);
  const supervisor =
    session?.usuario.idPerfil === PERFIL.SUPERVISOR_AM || session?.usuario.idPerfil === PERFIL.SUPERVISOR_GD;
  return (
    <>
      <ResourceList<CargaAmbRow>
        cacheKey={adminKeys.all(`cargaamb-${idTramite}`)}
        ariaLabel="Atenciones ambulatorias"
        title={`Atenciones ambulatorias del trámite ${idTramite}${idCarga ? `, carga ${idCarga}` : ''}`}
        breadcrumb={[
          INICIO,
          { title: 'Trámites', href: '/tramite' },
          { title: tituloTramite, href: `/tramiteform/${idTramite}` },
          { title: 'Atenciones ambulatorias' },
        ]}
        headerExtra={
          supervisor && (
            <Button icon={<UploadOutlined />} onClick={() => setSubir(true)}>
              Cargar .csv
            </Button>
          )
        }
        fetch={adminApi.cargaAmb(idTramite).list}
        fixedQuery={idCarga ? { idCarga } : undefined}
        rowKey={(r) => r.idCargaAmb}
        defaultSort="numero"
        searchPlaceholder="Buscar por número, paciente o cédula..."
        columns={[
          textCol('numero', 'Número', true),
          textCol('nombrePaciente', 'Nombre Paciente', true),
          textCol('cedula', 'Cédula', true),
          textCol('tipo', 'Tipo', true),
          {
            key: 'ver',
            title: 'Ver',
            width: 70,
            align: 'center',
            render: (_: unknown, r: CargaAmbRow) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Ver la atención ${r.numero}`}
                onClick={() => setVer(r.idCargaAmb)}
              />
            ),
          },
        ]}
        onOpen={(r) => setVer(r.idCargaAmb)}
        emptyText="No hay atenciones ambulatorias cargadas."
      />
      {idTramite > 0 && <CargaAmbModal idTramite={idTramite} id={ver} onClose={() => setVer(null)} />}
      {supervisor && (
        <UploadCargaAmb
          idTramite={idTramite}
          idCarga={idCarga}
          open={subir}
          onClose={() => setSubir(false)}
        />
      )}
      {!idTramite && (
        <Alert type="error" title="Trámite no válido." action={<Link to="/tramite">Ir a Trámites</Link>} />
      )}
    </>
  );
}
