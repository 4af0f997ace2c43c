import { ArrowRightOutlined } from '@ant-design/icons';
import { PASOS_TRAMITE, pasoActual, siguientePaso } from '@app/domain/tramites/pasos';
import type { Accion, EstadoTramite } from '@app/domain/tramites/workflow';
import { Button, Card, Flex, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';

export type PasosTramiteProps = {
  idTramite: number;
  estado: EstadoTramite;
  idPerfil: number;
  /** The actions the API allows this user now (`TramiteDetalle.acciones`). */
  acciones: readonly string[];
  onTab: (tab: string) => void;
  onAccion: (accion: Accion) => void;
};

/**
 * The procedure's road and its one next step for this user (issue 14 §3): where the procedure is,
 * what it needs now, and the button that gets there. An action's button shows only when the API lists
 * it among the procedure's `acciones` (guards such as 'every load organised' stay the server's).
 */
export function PasosTramite({ idTramite, estado, idPerfil, acciones, onTab, onAccion }: PasosTramiteProps) {
  const navigate = useNavigate();
  const actual = pasoActual(estado);
  const paso = siguientePaso(estado, idPerfil);
  const boton = paso.boton;
  const visible = boton && (boton.destino.tipo !== 'accion' || acciones.includes(boton.destino.accion));

  function ir() {
    if (!boton) return;
    const d = boton.destino;
    if (d.tipo === 'accion') onAccion(d.accion);
    else if (d.tipo === 'tab') onTab(d.tab);
    else navigate(d.ruta(idTramite));
  }

  return (
    <Card size="small" variant="borderless" style={{ marginBottom: 12 }} data-testid="pasos-tramite">
      {actual >= 0 && (
        <Steps
          size="small"
          current={actual}
          status={estado === 'OBSERVACIONES' ? 'error' : estado === 'FINALIZADO' ? 'finish' : 'process'}
          items={PASOS_TRAMITE.map((p, i) => ({
            title: i === actual && estado === 'OBSERVACIONES' ? 'Con observaciones' : p.titulo,
          }))}
          style={{ marginBottom: 8 }}
        />
      )}
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Typography.Text>
          <strong>Siguiente paso:</strong> <span data-testid="siguiente-paso">{paso.texto}</span>
        </Typography.Text>
        {visible && (
          <Button type="primary" icon={<ArrowRightOutlined aria-hidden />} iconPlacement="end" onClick={ir}>
            {boton.label}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
