import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ADMIN_RESOURCES,
  formatCount,
  formatDate,
  formatDateTime,
  IMAGEN_MAX_BYTES,
  MSG,
  MSG_ADMIN,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Image, Input, List, Modal, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { fetchCatalogRow } from '../../components/catalog/catalog-api.ts';
import { estadoTag } from '../../components/catalog/catalog-columns.tsx';
import { CatalogForm } from '../../components/catalog/catalog-form.tsx';
import { catalogTab } from '../../components/catalog/catalog-page.tsx';
import { confirmarEliminacion } from '../../components/confirmar-eliminacion.tsx';
import { DetailState, parseId, useRecordQuery } from '../../components/detail-state.tsx';
import { HelpIcon } from '../../components/help-icon.tsx';
import { INICIO, PageHeader } from '../../components/page-header.tsx';
import { dato, TarjetaInformacion } from '../../components/tarjeta-informacion.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useObjectUrl } from '../../components/use-object-url.ts';
import { useSession } from '../../lib/use-session.ts';
import { adminApi, adminKeys, type Empresa, type EmpresaImg } from './admin-api.ts';
import { PersonasTab } from './personas-tab.tsx';

function Thumb({ idEmpresa, img }: { idEmpresa: number; img: EmpresaImg }) {
  // An image of the company fetched with the session.
  const q = useQuery({
    queryKey: ['empresa-img', img.idEmpresaImg],
    queryFn: () => adminApi.imagenes(idEmpresa).blob(img.idEmpresaImg),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const url = useObjectUrl(q.data);
  return (
    <div
      style={{
        width: 96,
        height: 64,
        display: 'grid',
        placeItems: 'center',
        background: '#fafafa',
        border: '1px solid #f0f0f0',
      }}
    >
      {url ? (
        <Image src={url} alt={img.nombre} width={88} height={56} style={{ objectFit: 'contain' }} />
      ) : null}
    </div>
  );
}

/** Company images (logos): PNG or JPEG up to 2 MB, checked by content on the server; the latest one is the logo. */
function ImagenesTab({ idEmpresa }: { idEmpresa: number }) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const api = adminApi.imagenes(idEmpresa);
  const [page, setPage] = useState(1);
  const [nombre, setNombre] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: adminKeys.list(`imagenes-${idEmpresa}`, page),
    queryFn: ({ signal }) => api.list({ page, pageSize: 10 }, signal),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all(`imagenes-${idEmpresa}`) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.logo(idEmpresa) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all('empresas') });
  };
  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      if (nombre.trim()) form.append('nombre', nombre.trim());
      form.append('imagen', file!);
      return api.upload(form);
    },
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      setOpen(false);
      setFile(null);
      setNombre('');
      refresh();
    },
    onError: (e) => feedback.saveError(e.message),
  });
  const items = list.data?.items ?? [];
  return (
    <>
      {feedback.contextHolder}
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          La imagen más reciente es el logo de la empresa (barra superior y reportes).
        </Typography.Text>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
          Subir imagen
        </Button>
      </Flex>
      <List
        bordered
        loading={list.isFetching}
        dataSource={items}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="La empresa no tiene imágenes." />
          ),
        }}
        pagination={
          (list.data?.total ?? 0) > 10
            ? {
                current: page,
                total: list.data?.total ?? 0,
                pageSize: 10,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        renderItem={(img, i) => (
          <List.Item
            actions={[
              <Button
                key="eliminar"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`Eliminar ${img.nombre}`}
                onClick={() =>
                  confirmarEliminacion(feedback, {
                    noun: 'la imagen',
                    label: img.nombre,
                    eliminar: () => api.remove(img.idEmpresaImg),
                    despues: refresh,
                  })
                }
              >
                Eliminar
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Thumb idEmpresa={idEmpresa} img={img} />}
              title={
                <>
                  {img.nombre} {page === 1 && i === 0 && <Tag color="blue">Logo actual</Tag>}
                </>
              }
              description={`${img.tipo === 'image/png' ? 'PNG' : 'JPEG'} · ${formatCount(Math.ceil(img.tamano / 1024))} KB · ${formatDateTime(img.fechaReg)}`}
            />
          </List.Item>
        )}
      />
      <Modal
        open={open}
        title="Crear Empresa: Imagen"
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={upload.isPending}
        okButtonProps={{ disabled: !file }}
        cancelButtonProps={{ disabled: upload.isPending }}
        closable={!upload.isPending}
        onCancel={() => !upload.isPending && setOpen(false)}
        onOk={() => file && !upload.isPending && upload.mutate()}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="Nombre" htmlFor="imagen-nombre">
            <Input
              id="imagen-nombre"
              value={nombre}
              maxLength={200}
              onChange={(e) => setNombre(e.target.value)}
              placeholder="Logo principal"
            />
          </Form.Item>
          <Form.Item label="Imagen (PNG o JPEG, máximo 2 MB)" required>
            <Upload
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              maxCount={1}
              beforeUpload={(f) => {
                if (f.size > IMAGEN_MAX_BYTES) {
                  feedback.errorDialog(MSG.error, MSG_ADMIN.imagenMuyGrande);
                  return Upload.LIST_IGNORE;
                }
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />}>Seleccionar archivo</Button>
            </Upload>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /empresaform/:p_idempresa — header from the company; tabs suscripción (default), medios, usuarios, personas, logos. */
export function EmpresaFormPage() {
  const id = parseId(useParams().p_idempresa);
  const [open, setOpen] = useState(false);
  const q = useRecordQuery(
    id,
    adminKeys.one('empresas', id),
    (signal) => fetchCatalogRow('empresa', id, signal) as Promise<Empresa>,
  );
  const vigente = useQuery({
    queryKey: adminKeys.one('vigente', id),
    queryFn: ({ signal }) => adminApi.vigente(id, signal),
    enabled: id > 0 && !!q.data?.suscriptor,
    retry: false,
  });
  const session = useSession();
  const breadcrumb = [
    INICIO,
    { title: 'Empresas', href: '/empresa' },
    { title: q.data?.nombreCorto ?? `Empresa ${id}` },
  ];
  if (!q.data) return <DetailState query={q} id={id} breadcrumb={breadcrumb} />;
  const e = q.data;
  const propia = e.idEmpresa === session?.usuario.idEmpresa;
  // Subscription, persons and users tabs only for a subscriber company (docs/spec-summary.md 002 "Company detail").
  const parent = { field: 'idEmpresa', id: e.idEmpresa };
  const items = [
    ...(e.suscriptor
      ? [
          catalogTab('suscripcion', 'Suscripción', {
            def: ADMIN_RESOURCES.suscripcion,
            parent,
            namespace: 'susc',
            canCreate: propia,
          }),
        ]
      : []),
    catalogTab('medio', 'Medios de Comunicación', {
      def: ADMIN_RESOURCES.medioemp,
      parent,
      namespace: 'medios',
    }),
    ...(e.suscriptor
      ? [
          catalogTab('usuario', 'Usuarios', { def: ADMIN_RESOURCES.usuario, parent, namespace: 'usuarios' }),
          { key: 'persona', label: 'Personas', children: <PersonasTab idEmpresa={e.idEmpresa} /> },
        ]
      : []),
    { key: 'imagen', label: 'Logos', children: <ImagenesTab idEmpresa={e.idEmpresa} /> },
  ];
  return (
    <>
      <PageHeader
        title={e.nombreCorto}
        breadcrumb={breadcrumb}
        tag={
          vigente.data ? (
            estadoTag(vigente.data.estado)
          ) : e.suscriptor && vigente.isError ? (
            <Tag>SIN SUSCRIPCIÓN VIGENTE</Tag>
          ) : undefined
        }
        extra={
          <>
            <HelpIcon title="Empresa">
              Datos de la empresa y sus pestañas. Las pestañas Suscripción, Usuarios y Personas aparecen solo
              en empresas suscriptoras. La imagen más reciente de Logos se muestra en la barra superior y en
              los reportes.
            </HelpIcon>
            <Button onClick={() => setOpen(true)}>Editar</Button>
          </>
        }
      />
      <TarjetaInformacion
        titulo="Empresa"
        principal={[
          dato('RUC', e.documento),
          dato('Razón social', e.razonSocial),
          dato('Localidad', e.localidadNombre),
          ...(vigente.data
            ? [
                dato(
                  'Suscripción vigente',
                  `${vigente.data.planNombre} hasta ${formatDate(vigente.data.fechaHasta)}`,
                ),
              ]
            : []),
        ]}
        mas={[
          dato('Nombre', e.nombre),
          dato('Dirección', e.direccion),
          dato('Suscriptora', e.suscriptor ? 'Sí' : 'No'),
          dato('Trabaja con', e.empresaSuscriptoraNombre),
          dato('Fecha de registro', formatDateTime(e.fechaReg)),
          dato('Fecha de actualización', formatDateTime(e.fechaAct)),
        ]}
      />
      <UrlTabs defaultKey={e.suscriptor ? 'suscripcion' : 'medio'} items={items} />
      <CatalogForm
        def={ADMIN_RESOURCES.empresa}
        open={open}
        record={e}
        onClose={() => setOpen(false)}
        onSaved={() => void q.refetch()}
      />
    </>
  );
}
