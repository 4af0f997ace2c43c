import type { DetalleEscritura, DetalleFilaAuditada } from '@app/domain/detalles/index';
import { Alert, DatePicker, Flex, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { detallesApi } from './detalles-api.ts';

/** The date of a laboratory or imaging line, inside the attention's dates (docs/spec-summary.md 001 'actualizar-fecha'). */
export function FechaModal(props: {
  idPlanilla: number;
  version: number;
  fechaDesde: string;
  fechaHasta: string;
  detalle: DetalleFilaAuditada;
  onClose: () => void;
  onSaved: (r: DetalleEscritura) => void;
}) {
  const d = props.detalle;
  const desde = dayjs(props.fechaDesde);
  const hasta = dayjs(props.fechaHasta);
  const [fecha, setFecha] = useState<Dayjs | null>(d.fechaAtencion ? dayjs(d.fechaAtencion) : desde);
  const guardar = useEnvio({
    mutationFn: () =>
      detallesApi.fecha(
        props.idPlanilla,
        d.idPlanillaDet,
        (fecha ?? desde).format('YYYY-MM-DD'),
        props.version,
      ),
    onSuccess: props.onSaved,
  });
  return (
    <Modal
      open
      title={`Fecha de ${d.imagen ? 'imagen' : 'laboratorio'} · ${d.codigo}`}
      okText="Guardar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !fecha }}
      confirmLoading={guardar.isPending}
      onOk={() => guardar.mutate()}
      onCancel={props.onClose}
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          Entre {desde.format('DD/MM/YYYY')} y {hasta.format('DD/MM/YYYY')}
        </Typography.Text>
        <DatePicker
          aria-label="Fecha de atención"
          format="DD/MM/YYYY"
          value={fecha}
          onChange={setFecha}
          disabledDate={(x) => x.isBefore(desde, 'day') || x.isAfter(hasta, 'day')}
        />
        {guardar.error && (
          <Alert
            type="error"
            showIcon
            title={guardar.error instanceof ApiError ? guardar.error.message : 'Error'}
          />
        )}
      </Flex>
    </Modal>
  );
}
