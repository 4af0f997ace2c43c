import { formatCount, formatDate } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { isValidCedula } from '@app/domain/common/validators';
import { MSG_HERRAMIENTAS } from '@app/domain/herramientas/messages';
import { MSG } from '@app/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { planillaKeys, planillasApi } from '../planillas/planillas-api.ts';
import { CoberturaAtenciones } from './cobertura-atenciones.tsx';
import { HerramientaHeader } from './herramienta-header.tsx';
import { herramientasApi, herramientasKeys } from './herramientas-api.ts';

const TITLE = 'Consulta de Cobertura';
type Valores = { cedula: string; idEspecialidad?: string };

/**
 * /consultacobertura (docs/spec-summary.md 001 §2.7 'Claim lookup'): by cédula, or cédula plus the doctor's specialty;
 * how many attentions of the patient the user's tenant holds, and all of them 10 per page (providers:
 * their own; insurer staff: their subscription's), each opening its summary. The cédula is checked
 * (check digit) before any search; cédula, specialty and page live in the URL.
 */
export default function ConsultaCoberturaPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const cedula = searchParams.get('cedula') ?? '';
  const idEspecialidad = parseId(searchParams.get('idEspecialidad')) ?? undefined;
  const page = Math.max(1, parseId(searchParams.get('page')) ?? 1);
  const valida = isValidCedula(cedula);
  const [form] = Form.useForm<Valores>();
  useEffect(
    () =>
      form.setFieldsValue({ cedula, idEspecialidad: idEspecialidad ? String(idEspecialidad) : undefined }),
    [cedula, idEspecialidad, form],
  );

  const especialidades = useQuery({
    queryKey: planillaKeys.especialidades,
    queryFn: ({ signal }) => planillasApi.especialidades(signal),
  });
  const opciones = useMemo(
    () =>
      (especialidades.data?.items ?? []).map((e) => ({ value: String(e.idEspecialidad), label: e.nombre })),
    [especialidades.data],
  );

  const consulta = useQuery({
    queryKey: herramientasKeys.cobertura(cedula),
    queryFn: ({ signal }) => herramientasApi.cobertura(cedula, signal),
    enabled: valida,
  });
  const c = consulta.data;
  const buscar = (v: Valores) => {
    const next: Record<string, string> = { cedula: v.cedula.trim() };
    if (v.idEspecialidad) next.idEspecialidad = v.idEspecialidad;
    setSearchParams(next);
  };
  const setPage = (p: number) =>
    setSearchParams((sp) => {
      const out = new URLSearchParams(sp);
      if (p > 1) out.set('page', String(p));
      else out.delete('page');
      return out;
    });

  return (
    <>
      <HerramientaHeader title={TITLE} />
      <Card style={{ marginBottom: 16 }}>
        <Form
          form={form}
          layout="inline"
          requiredMark
          onFinish={buscar}
          initialValues={{ cedula, idEspecialidad: idEspecialidad ? String(idEspecialidad) : undefined }}
        >
          <Form.Item
            name="cedula"
            label="Cédula del paciente"
            normalize={(v: string) => v.replace(/\D/g, '').slice(0, 10)}
            rules={[
              { required: true, message: MSG_HERRAMIENTAS.cedulaRequerida },
              {
                validator: (_, v: string) =>
                  !v || isValidCedula(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(MSG_HERRAMIENTAS.cedulaInvalida)),
                validateTrigger: 'onSubmit',
              },
            ]}
            validateTrigger={['onSubmit', 'onBlur']}
          >
            <Input
              autoFocus
              inputMode="numeric"
              maxLength={10}
              placeholder="10 dígitos"
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="idEspecialidad" label="Especialidad">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Todas"
              options={opciones}
              loading={especialidades.isLoading}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={consulta.isFetching}>
                Consultar
              </Button>
              {cedula && (
                <Button
                  onClick={() => {
                    form.resetFields();
                    setSearchParams({});
                  }}
                >
                  Limpiar
                </Button>
              )}
            </Flex>
          </Form.Item>
        </Form>
      </Card>

      {cedula && !valida && <Alert type="error" showIcon title={MSG_HERRAMIENTAS.cedulaInvalida} />}
      {consulta.isError && (
        <Alert type="error" showIcon title={errorMessage(consulta.error, MSG.errorPeticion)} />
      )}
      {c && (
        <Card title="Resultado" aria-live="polite">
          {c.numeroAtenciones === 0 ? (
            <Empty description={MSG_HERRAMIENTAS.sinAtenciones} />
          ) : (
            <>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 2 }}
                style={{ marginBottom: 16 }}
                items={[
                  { key: 'cedula', label: 'Cédula', children: c.cedula },
                  { key: 'nombre', label: 'Paciente', children: c.nombre },
                  { key: 'n', label: 'Número de atenciones', children: formatCount(c.numeroAtenciones) },
                  { key: 'ultima', label: 'Última atención', children: formatDate(c.ultimaAtencion) },
                ]}
              />
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                Atenciones del paciente
              </Typography.Title>
              <CoberturaAtenciones
                cedula={cedula}
                idEspecialidad={idEspecialidad}
                page={page}
                onPageChange={setPage}
              />
            </>
          )}
        </Card>
      )}
    </>
  );
}
