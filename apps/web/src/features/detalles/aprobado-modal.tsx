import {
  compareMoney,
  DECIMAL_RE,
  type DetalleEscritura,
  type DetalleFilaAuditada,
  MSG_DETALLE_EDICION as M,
  subMoney,
} from '@app/domain/detalles/index';
import { Alert, Button, Descriptions, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { detallesApi } from './detalles-api.ts';
import { dinero } from './totales-resumen.tsx';

/**
 * What the audit approves of one line (issue 13 item 3): the claimed amount, the approved one and
 * the glosa between them. A glosa needs an active observation of type M on the line (the server
 * refuses it otherwise); a unit value above the agreed tariff comes with a proposal the auditor
 * accepts (standard observation + approved = quantity × tariff) or changes.
 */
export function AprobadoModal(props: {
  idPlanilla: number;
  version: number;
  detalle: DetalleFilaAuditada;
  /** The line's observations screen (docs/spec-summary.md 001 /planilladet_pladetobs/...). */
  observacionesUrl: string;
  onClose: () => void;
  onSaved: (r: DetalleEscritura) => void;
}) {
  const d = props.detalle;
  const [valor, setValor] = useState(d.valorAprobado);
  const [error, setError] = useState<string | null>(null);
  const normal = valor.trim().replace(',', '.');
  const valido = DECIMAL_RE.test(normal);
  const glosa = valido ? subMoney(d.valorReclamado, normal) : null;
  const sinObs = glosa !== null && compareMoney(glosa, '0') > 0 && d.observacionesM === 0;
  const onError = (e: unknown) => setError(e instanceof ApiError ? e.message : M.valorInvalido);
  const aprobar = useEnvio({
    mutationFn: () =>
      detallesApi.aprobar(props.idPlanilla, d.idPlanillaDet, {
        valorAprobado: normal,
        version: props.version,
      }),
    onSuccess: props.onSaved,
    onError,
  });
  const propuesta = useEnvio({
    mutationFn: () => detallesApi.glosaTarifa(props.idPlanilla, d.idPlanillaDet, props.version),
    onSuccess: props.onSaved,
    onError,
  });

  return (
    <Modal
      open
      title={`Valor aprobado · ${d.codigo}`}
      okText="Guardar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !valido || aprobar.isPending }}
      confirmLoading={aprobar.isPending}
      onOk={() => aprobar.mutate()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'el', label: 'Elemento', children: d.descripcion ?? d.elementoNombre },
            {
              key: 'rec',
              label: 'Reclamado',
              children: `${d.cantidad} × ${dinero(d.valorUni)} = ${dinero(d.valorReclamado)}`,
            },
            {
              key: 'tar',
              label: 'Tarifa convenida',
              children: d.valorTarifa ? dinero(d.valorTarifa) : 'Sin tarifa',
            },
            { key: 'obs', label: 'Observaciones M del detalle', children: d.observacionesM },
          ]}
        />
        {d.glosaPropuesta && (
          <Alert
            type="warning"
            showIcon
            title={`El valor unitario supera la tarifa convenida: se propone una glosa de ${dinero(d.glosaPropuesta)}.`}
            action={
              <Button size="small" loading={propuesta.isPending} onClick={() => propuesta.mutate()}>
                Aceptar propuesta
              </Button>
            }
          />
        )}
        <label htmlFor="valor-aprobado">
          <Typography.Text strong>Valor aprobado</Typography.Text>
        </label>
        <Input
          id="valor-aprobado"
          inputMode="decimal"
          value={valor}
          status={valido ? undefined : 'error'}
          onChange={(e) => setValor(e.target.value)}
          style={{ maxWidth: 180 }}
        />
        {!valido && <Typography.Text type="danger">{M.valorInvalido}</Typography.Text>}
        {glosa !== null && (
          <Typography.Text type={compareMoney(glosa, '0') > 0 ? 'danger' : undefined}>
            Glosa: <strong>{dinero(glosa.startsWith('-') ? '0' : glosa)}</strong>
          </Typography.Text>
        )}
        {sinObs && (
          <Alert
            type="info"
            showIcon
            title={M.glosaSinObservacion}
            description={<Link to={props.observacionesUrl}>Registrar la observación del detalle</Link>}
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  );
}
