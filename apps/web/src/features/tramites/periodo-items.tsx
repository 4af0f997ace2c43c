import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { Col, type ColProps, DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { requerido } from './tramite-rules.ts';

const DATE_FORMAT = 'DD/MM/YYYY';

/** A procedure's 'Fecha desde' and 'Fecha hasta' (required; the end not before the start), each in a column. */
export function PeriodoItems({ col }: { col: ColProps }) {
  return (
    <>
      <Col {...col}>
        <Form.Item
          name="fechaDesde"
          label="Fecha desde"
          rules={[{ required: true, message: requerido('Fecha desde') }]}
        >
          <DatePicker format={DATE_FORMAT} placeholder="dd/mm/aaaa" style={{ width: '100%' }} />
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
          <DatePicker format={DATE_FORMAT} placeholder="dd/mm/aaaa" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}
