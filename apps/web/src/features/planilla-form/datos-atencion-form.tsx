import {
  Alert,
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormInstance,
  Input,
  Row,
  TimePicker,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { DiagnosticosField, type NombreDiag, type Nombres } from './diagnosticos-field.tsx';
import type { Planilla } from './planilla-api.ts';
import {
  avisoFinDeSemana,
  type DiagSlot,
  type FormValues,
  limitesFecha,
  periodoCarga,
  valoresIniciales,
} from './planilla-rules.ts';

const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * 'Datos de la atención': patient, diagnoses (with their CIE-10 names and the lookup), authorization
 * code, dates and times within the load's period, and 'Actualizar' (the record's form state lives in
 * PlanillaRecord).
 */
export function DatosAtencionForm({
  planilla: p,
  form,
  formName,
  nombres,
  setNombre,
  editable,
  editableAM,
  popup,
  buscando,
  onBuscar,
  guardando,
  ocupado,
  onGuardar,
}: {
  planilla: Planilla;
  form: FormInstance<FormValues>;
  formName: string;
  nombres: Nombres;
  setNombre: (n: DiagSlot, v: NombreDiag | undefined) => void;
  editable: boolean;
  editableAM: boolean;
  popup?: boolean;
  buscando: DiagSlot | null;
  onBuscar: (slot: DiagSlot, texto: string) => void;
  guardando: boolean;
  ocupado: boolean;
  onGuardar: () => void;
}) {
  // Watched here, not by the record: a date picked re-renders the form only.
  const fechaDesdeSel = Form.useWatch('fechaDesde', form) as Dayjs | null | undefined;
  return (
    <Form<FormValues>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={valoresIniciales(p)}
      disabled={!editable}
      onFinish={onGuardar}
      requiredMark
    >
      <Row gutter={12}>
        <Col xs={24} sm={8} md={popup ? 6 : 7}>
          <Form.Item name="cedula" label="Cédula" required>
            <Input maxLength={13} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={popup ? 12 : 11}>
          <Form.Item
            name="nombre"
            label="Nombre"
            required
            normalize={(v?: string) => (v ?? '').toUpperCase()}
          >
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="codigoVal" label="Aut./Cod. Val.">
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <DiagnosticosField
        form={form}
        formName={formName}
        nombres={nombres}
        setNombre={setNombre}
        editable={editableAM}
        buscando={buscando}
        onBuscar={onBuscar}
        compacto={popup}
      />
      <Row gutter={12}>
        <Col xs={12} md={6}>
          <Form.Item name="fechaDesde" label="Fecha desde" required>
            <DatePicker
              format={DATE_FORMAT}
              placeholder="dd/mm/aaaa"
              style={{ width: '100%' }}
              disabledDate={limitesFecha(p.fechaDesdeCarga, p.fechaHastaCarga)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="horaDesde" label="Hora desde">
            <TimePicker format="HH:mm" placeholder="hh:mm" style={{ width: '100%' }} needConfirm={false} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="fechaHasta" label="Fecha hasta" required>
            <DatePicker
              format={DATE_FORMAT}
              placeholder="dd/mm/aaaa"
              style={{ width: '100%' }}
              disabledDate={limitesFecha(p.fechaDesdeCarga, p.fechaHastaCarga, fechaDesdeSel)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="horaHasta" label="Hora hasta">
            <TimePicker format="HH:mm" placeholder="hh:mm" style={{ width: '100%' }} needConfirm={false} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {editable
            ? `Las fechas deben estar dentro del periodo de la carga (${periodoCarga(p)}).`
            : p.estado !== 1
              ? 'La atención está anulada: no puede modificarse.'
              : 'Solo lectura: la atención se modifica con el trámite RECIBIDO, EN PROCESO o PLANILLAJE y por su médico auditor o gestor documental.'}
        </Typography.Text>
        {editable && (
          <Button type="primary" htmlType="submit" loading={guardando} disabled={ocupado && !guardando}>
            Actualizar
          </Button>
        )}
      </Flex>
    </Form>
  );
}

/** 'La fecha de inicio de la atención cae en sábado.' while the chosen start date is a weekend day. */
export function AvisoFinDeSemana({
  planilla: p,
  form,
}: {
  planilla: Planilla;
  form: FormInstance<FormValues>;
}) {
  const fechaDesdeSel = Form.useWatch('fechaDesde', form) as Dayjs | null | undefined;
  const aviso = avisoFinDeSemana(
    fechaDesdeSel === undefined ? p.fechaDesde : fechaDesdeSel?.format('YYYY-MM-DD'),
  );
  return aviso ? <Alert type="warning" showIcon title={aviso} style={{ marginBottom: 12 }} /> : null;
}
