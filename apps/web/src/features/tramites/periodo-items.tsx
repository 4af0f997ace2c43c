import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { Col, type ColProps, DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { requerido } from './tramite-rules.ts';

const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * A period's 'Fecha desde' and 'Fecha hasta' (required; the end not before the start), each in a column;
 * `disabledDate` greys out the days that may not be picked.
 */
export function PeriodoItems({ col, disabledDate }: { col: ColProps; disabledDate?: (d: Dayjs) => boolean }) {
  const fecha = (
    <DatePicker
      format={DATE_FORMAT}
      placeholder="dd/mm/aaaa"
      style={{ width: '100%' }}
      disabledDate={disabledDate}
    />
  );
  return (
    <>
      <Col {...col}>
        <Form.Item
          name="fechaDesde"
          label="Fecha desde"
          rules={[{ required: true, message: requerido('Fecha desde') }]}
        >
          {fecha}
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item
          name="fechaHasta"
          label="Fecha hasta"
          dependencies={['fechaDesde']}
          rules={[
            { required: true, message: requerido('Fecha hasta') },
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null) => {
                const desde = getFieldValue('fechaDesde') as Dayjs | null;
                if (value && desde && value.isBefore(desde, 'day'))
                  throw new Error(MSG_TRAMITE.fechasInvalidas);
              },
            }),
          ]}
        >
          {fecha}
        </Form.Item>
      </Col>
    </>
  );
}
