import {
  DECIMAL_RE,
  type DetalleEscritura,
  type DetalleFilaAuditada,
  type ElementoBusqueda,
  MSG_DETALLE_EDICION as M,
  type TarifaBusqueda,
} from '@app/domain/detalles/index';
import { Alert, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Modal, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { BusquedaPaginada } from './busqueda-paginada.tsx';
import { detalleKeys, detallesApi } from './detalles-api.ts';
import { dinero } from './totales-resumen.tsx';

export type PlanillaRef = { idPlanilla: number; fechaDesde: string; fechaHasta: string; version: number };
type Elegido = { idElemento?: number; codigoPrestador?: string; texto: string; valor?: string | null };
type Valores = {
  descripcion?: string;
  fecha?: Dayjs;
  cantidad?: number;
  valorUni?: string;
  laboratorio?: boolean;
  imagen?: boolean;
  codigoPrestador?: string;
};

/**
 * Add or edit a line item (docs/spec-summary.md 001 §2.7, §5): the element from the provider's price list or the
 * coded-element search (≥ 2 characters, 300 ms, 5 per page) or the provider's own code (resolved by
 * the server through its equivalences); date inside the attention's dates; quantity ≥ 1.
 */
export function DetalleModal(props: {
  planilla: PlanillaRef;
  detalle: DetalleFilaAuditada | null;
  open: boolean;
  onClose: () => void;
  onSaved: (r: DetalleEscritura) => void;
}) {
  const { planilla: p, detalle: d } = props;
  const [form] = Form.useForm<Valores>();
  const [elegido, setElegido] = useState<Elegido | null>(
    d
      ? {
          idElemento: d.idElemento ?? undefined,
          texto: `${d.elementoCodigo ?? d.codigo} · ${d.elementoNombre ?? ''}`,
        }
      : null,
  );
  const [error, setError] = useState<string | null>(null);
  const guardar = useEnvio({
    mutationFn: (v: Valores) => {
      const cuerpo = {
        descripcion: v.descripcion || undefined,
        fechaAtencion: v.fecha ? v.fecha.format('YYYY-MM-DD') : undefined,
        valorUni: v.valorUni?.replace(',', '.') || undefined,
        laboratorio: v.laboratorio ? (1 as const) : (0 as const),
        imagen: v.imagen ? (1 as const) : (0 as const),
        version: p.version,
        ...(elegido?.idElemento !== undefined && elegido.idElemento !== d?.idElemento
          ? { idElemento: elegido.idElemento }
          : {}),
        ...(v.codigoPrestador ? { codigoPrestador: v.codigoPrestador } : {}),
      };
      return d
        ? detallesApi.editar(p.idPlanilla, d.idPlanillaDet, { ...cuerpo, cantidad: v.cantidad })
        : detallesApi.crear(p.idPlanilla, { ...cuerpo, cantidad: v.cantidad ?? 0 });
    },
    onSuccess: (r) => props.onSaved(r),
    onError: (e) => {
      setError(e instanceof ApiError ? e.message : M.valorInvalido);
      if (e instanceof ApiError && e.fields)
        form.setFields(
          Object.entries(e.fields)
            .map(([k, m]) => ({ name: (k === 'fechaAtencion' ? 'fecha' : k) as keyof Valores, errors: [m] }))
            .filter((f) =>
              ['fecha', 'cantidad', 'valorUni', 'descripcion', 'codigoPrestador'].includes(f.name),
            ),
        );
    },
  });
  const elegir = (e: Elegido) => {
    setElegido(e);
    form.setFieldsValue({ codigoPrestador: undefined, ...(e.valor ? { valorUni: e.valor } : {}) });
  };
  const desde = dayjs(p.fechaDesde);
  const hasta = dayjs(p.fechaHasta);

  return (
    <Modal
      open={props.open}
      title={d ? `Editar detalle ${d.codigo}` : 'Agregar detalle'}
      width={820}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardar.isPending}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Valores>
        form={form}
        layout="vertical"
        initialValues={{
          descripcion: d?.descripcion ?? undefined,
          fecha: d?.fechaAtencion ? dayjs(d.fechaAtencion) : desde,
          cantidad: d?.cantidad ?? 1,
          valorUni: d?.valorUni,
          laboratorio: d?.laboratorio === 1,
          imagen: d?.imagen === 1,
        }}
        onFinish={(v) => {
          setError(null);
          if (!elegido && !v.codigoPrestador) {
            setError(M.elementoRequerido);
            return;
          }
          guardar.mutate(v);
        }}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Typography.Text strong>Elemento: </Typography.Text>
        <Typography.Text>{elegido ? elegido.texto : 'ninguno seleccionado'}</Typography.Text>
        <Tabs
          size="small"
          items={[
            {
              key: 'tarifa',
              label: 'Tarifa convenida',
              children: (
                <BusquedaPaginada<TarifaBusqueda>
                  label="Buscar en la tarifa del prestador"
                  placeholder="Código o nombre (al menos 2 caracteres)"
                  queryKey={(q, page) => detalleKeys.busqueda(p.idPlanilla, 'tarifas', q, page)}
                  fetch={(q, page, signal) => detallesApi.tarifas(p.idPlanilla, q, page, signal)}
                  rowKey={(r) => r.idTarifaPres}
                  columns={[
                    { title: 'Código', dataIndex: 'elementoCodigo', width: 100 },
                    { title: 'Elemento', dataIndex: 'elementoNombre' },
                    { title: 'Valor', dataIndex: 'valor', align: 'right', width: 100, render: dinero },
                  ]}
                  onSelect={(r) =>
                    elegir({
                      idElemento: r.idElemento,
                      texto: `${r.elementoCodigo} · ${r.elementoNombre}`,
                      valor: r.valor,
                    })
                  }
                />
              ),
            },
            {
              key: 'elemento',
              label: 'Elemento codificado',
              children: (
                <BusquedaPaginada<ElementoBusqueda>
                  label="Buscar elemento codificado"
                  placeholder="Código TPSNS o nombre (al menos 2 caracteres)"
                  queryKey={(q, page) => detalleKeys.busqueda(p.idPlanilla, 'elementos', q, page)}
                  fetch={(q, page, signal) => detallesApi.elementos(p.idPlanilla, q, page, signal)}
                  rowKey={(r) => r.idElemento}
                  selected={elegido?.idElemento}
                  columns={[
                    { title: 'Código', dataIndex: 'codigo', width: 100 },
                    { title: 'Nombre', dataIndex: 'nombre' },
                    {
                      title: 'Tarifa conv.',
                      dataIndex: 'tarifaConv',
                      align: 'right',
                      width: 110,
                      render: dinero,
                    },
                  ]}
                  onSelect={(r) =>
                    elegir({
                      idElemento: r.idElemento,
                      texto: `${r.codigo} · ${r.nombre}`,
                      valor: r.tarifaConv ?? r.valor,
                    })
                  }
                />
              ),
            },
            {
              key: 'propio',
              label: 'Código del prestador',
              children: (
                <Form.Item
                  name="codigoPrestador"
                  label="Código propio del prestador (se traduce por su equivalencia)"
                  normalize={(v: string) => v?.toUpperCase()}
                >
                  <Input maxLength={30} onChange={() => setElegido(null)} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item name="descripcion" label="Descripción" normalize={(v: string) => v?.toUpperCase()}>
          <Input maxLength={400} placeholder="Por defecto, el nombre del elemento" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="fecha"
            label="Fecha de atención"
            rules={[{ required: true, message: M.fechaRequerida }]}
            extra={`Entre ${desde.format('DD/MM/YYYY')} y ${hasta.format('DD/MM/YYYY')}`}
          >
            <DatePicker
              format="DD/MM/YYYY"
              disabledDate={(x) => x.isBefore(desde, 'day') || x.isAfter(hasta, 'day')}
            />
          </Form.Item>
          <Form.Item
            name="cantidad"
            label="Cantidad"
            rules={[
              { required: true, message: M.cantidadMinima },
              { type: 'number', min: 1, message: M.cantidadMinima },
            ]}
          >
            <InputNumber precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="valorUni"
            label="Valor unitario"
            rules={[
              {
                pattern: DECIMAL_RE,
                message: M.valorInvalido,
                transform: (v?: string) => v?.replace(',', '.'),
              },
            ]}
          >
            <Input style={{ width: 140 }} inputMode="decimal" placeholder="Tarifa convenida" />
          </Form.Item>
          <Form.Item name="laboratorio" label="Laboratorio" valuePropName="checked">
            <Checkbox />
          </Form.Item>
          <Form.Item name="imagen" label="Imagen" valuePropName="checked">
            <Checkbox />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
