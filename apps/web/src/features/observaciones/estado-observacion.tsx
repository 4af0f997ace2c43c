import { RESOLUCION_TEXTO, type Resolucion } from '@app/domain/observaciones/rules';
import { Tag } from 'antd';
import type { ObservacionItem } from './observaciones-api.ts';

/** Where an observation stands in the conversation, as a tag with its word (never colour alone). */
export function EstadoObservacion({ item: o }: { item: ObservacionItem }) {
  if (o.resolucion) return <Tag color="green">{RESOLUCION_TEXTO[o.resolucion as Resolucion]}</Tag>;
  if (o.ronda === null) return <Tag>Borrador</Tag>;
  if (o.fechaEnvioRespuesta) return <Tag color="blue">Respuesta enviada</Tag>;
  if (o.respondida) return <Tag color="cyan">Respondida</Tag>;
  return <Tag color="gold">Sin respuesta</Tag>;
}
