/**
 * What the 202 answer says of a document a background job builds (decision 78: the PDF reports;
 * decision 80: the ZIPs), and its dead letter. `documento`: 'el reporte', 'el ZIP'.
 */
export function avanceDocumento(documento: `el ${string}`) {
  const Doc = `E${documento.slice(1)}`;
  const del = `d${documento}`;
  return {
    enCola: `${Doc} está en cola para generarse.`,
    generando: (progreso: number) => `Generando ${documento}: ${progreso} %.`,
    reanudado: (intento: number, max: number, progreso: number) =>
      `Se reanudó la generación ${del} (intento ${intento} de ${max}): ${progreso} %.`,
    reintentando: (intento: number, max: number) =>
      `No se pudo generar ${documento}; se intentará de nuevo (intento ${intento} de ${max}).`,
    /** Every attempt failed; said once, the next request starts over. */
    fallido: `No se pudo generar ${documento} después de varios intentos. Inténtelo de nuevo.`,
  };
}
export type AvanceDocumento = ReturnType<typeof avanceDocumento>;
