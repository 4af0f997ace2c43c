import { parseId } from '@app/domain/common/ids';
import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { Button, Card, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/use-session.ts';
import { tipoInicial } from './observaciones-rules.ts';

type Valores = { idTramite?: string; tipo?: 'M' | 'D' };

/**
 * 'Observaciones por trámite' (docs/spec-summary.md 001 §2.7 'Observations per claim'): an ID of procedure and a
 * type open /observaciones-01/{idTramite}/{tipo}; both are needed.
 */
export default function ObservacionesPorTramitePage() {
  const navigate = useNavigate();
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const [form] = Form.useForm<Valores>();
  return (
    <>
      <PageHeader
        title="Observaciones por trámite"
        breadcrumb={[{ title: 'Reportes' }, { title: 'Observaciones por trámite' }]}
      />
      <Card variant="borderless" style={{ maxWidth: 560 }}>
        <Form<Valores>
          form={form}
          layout="vertical"
          initialValues={{ tipo: tipoInicial(idPerfil, null) }}
          onFinish={(v) => {
            const id = parseId(v.idTramite?.trim());
            if (id === null || !v.tipo) {
              form.setFields([
                {
                  name: id === null ? 'idTramite' : 'tipo',
                  errors: [MSG_OBSERVACION.tramiteYTipoRequeridos],
                },
              ]);
              return;
            }
            navigate(`/observaciones-01/${id}/${v.tipo}`);
          }}
        >
          <Form.Item name="idTramite" label="ID Trámite" required>
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item name="tipo" label="Tipo de Observación" required>
            <Select
              options={[
                { value: 'M', label: 'Auditoría Médica (M)' },
                { value: 'D', label: 'Gestión Documental (D)' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Consultar
          </Button>
        </Form>
      </Card>
    </>
  );
}
