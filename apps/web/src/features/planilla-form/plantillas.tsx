import { formatCount, formatDate } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { useAlCambiar } from '../../lib/por-registro.ts';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import type { usePlanillaAcciones } from './use-planilla-acciones.tsx';

type Feedback = ReturnType<typeof useFeedback>;

/** Templates of the company: apply only when the attention has none, remove only when it has one. */
export function Plantillas({
  planilla: p,
  editable,
  acc,
  feedback,
}: {
  planilla: Planilla;
  editable: boolean;
  acc: ReturnType<typeof usePlanillaAcciones>;
  feedback: Feedback;
}) {
  const [sel, setSel] = useState<number | null>(null);
  // The page stays mounted from one attention to the next: a template picked here stays here.
  useAlCambiar(p.idPlanilla, () => setSel(null));
  const lista = useQuery({
    queryKey: planillaKeys.plantillas,
    queryFn: ({ signal }) => planillaApi.plantillas(signal),
    enabled: editable,
    staleTime: 5 * 60_000,
  });
  const warn = (content: string) =>
    feedback.modal.warning({ title: 'Advertencia', content, okText: 'Aceptar' });

  function aplicar() {
    if (p.idPlantilla !== null) return warn(MSG_PLANILLA.plantillaYaAsignada);
    if (!sel) return warn(MSG_PLANILLA.seleccionePlantilla);
    acc.plantilla.mutate({ aplicar: true, idPlantilla: sel }, { onSuccess: () => setSel(null) });
  }
  function quitar() {
    if (p.idPlantilla === null) return warn(MSG_PLANILLA.plantillaNoAsignada);
    feedback.modal.confirm({
      title: `¿Quitar la plantilla ${p.plantillaNombre ?? ''}?`,
      content: 'Se retirarán de la atención los detalles que agregó la plantilla y se recalculará el total.',
      okText: 'Quitar plantilla',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => acc.plantilla.mutateAsync({ aplicar: false }).catch(() => undefined),
    });
  }

  return (
    <Flex vertical gap={8} style={{ marginTop: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
      <Typography.Text>
        Plantilla: <strong>{p.plantillaNombre ?? 'Sin plantilla'}</strong>
      </Typography.Text>
      {editable && (
        <>
          <Select<number>
            aria-label="Plantilla"
            placeholder="Seleccione una plantilla"
            value={sel ?? undefined}
            onChange={setSel}
            loading={lista.isPending}
            status={lista.isError ? 'error' : undefined}
            notFoundContent={
              lista.isError ? 'No se pudieron cargar las plantillas.' : 'No hay plantillas de la empresa.'
            }
            options={(lista.data ?? []).map((t) => ({
              value: t.idPlantilla,
              label: `${t.nombre} (${formatCount(t.numElementos) || '0'} elementos)`,
            }))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
          />
          <Space wrap>
            <Button
              onClick={aplicar}
              loading={acc.plantilla.isPending && acc.plantilla.variables?.aplicar === true}
            >
              Aplicar plantilla
            </Button>
            <Button
              danger
              onClick={quitar}
              loading={acc.plantilla.isPending && acc.plantilla.variables?.aplicar === false}
            >
              Quitar plantilla
            </Button>
          </Space>
        </>
      )}
      {!editable && p.fechaDesde && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Atención del {formatDate(p.fechaDesde)}
          {p.horaDesde ? ` ${p.horaDesde}` : ''} al {formatDate(p.fechaHasta)}
          {p.horaHasta ? ` ${p.horaHasta}` : ''}.
        </Typography.Text>
      )}
    </Flex>
  );
}
