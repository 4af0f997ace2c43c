import type { CatalogDef, CatalogField } from '@app/domain';

/*
 * Valid values for the fields of a catalogue or administration declaration, unique per call so that
 * unique columns do not collide: the generator the engine's table-driven tests share
 * (features/catalogs/catalogs.test.ts, features/idempotencia/creates.test.ts). Each test gives its own
 * marks (`code`, `digits`, `text`, `email`, `shortOffset`) so that two files writing to one database
 * never produce the same value.
 */

export type SampleMarks = {
  /** Prefix of a code field's value ('QQ…' is no CIE-10 code, so it cannot collide with one). */
  code: string;
  /** Base of a digits-only field's value. */
  digits: number;
  /** Prefix of a text field's value. */
  text: string;
  /** An e-mail field's value for the call's sequence number. */
  email: (seq: number) => string;
  /** Added to the sequence of short codes (base 36), to keep two files' codes apart. */
  shortOffset?: number;
};

export type SamplerOptions = {
  marks: SampleMarks;
  /** The declaration a field's reference points to (by catalogue name). */
  resolve: (name: string) => CatalogDef | undefined;
  /** The id of a row the reference may point to. */
  sampleRef: (ref: CatalogDef) => Promise<unknown>;
  /** Values a declaration's rules fix, by `declaration.field`. */
  fixed?: Record<string, unknown>;
};

export function catalogSampler({ marks, resolve, sampleRef, fixed = {} }: SamplerOptions) {
  let seq = 0;
  /** A company's RUC (third digit 9): accepted with a warning. */
  const rucSociedad = () =>
    `099${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}001`;
  /** Valid values of fields with a bespoke rule (`schema`) the generic values below would not meet. */
  const BESPOKE: Record<string, () => string> = { ruc: rucSociedad, documento: rucSociedad };

  /** A valid value for a field, unique per call. */
  async function sample(f: CatalogField): Promise<unknown> {
    seq++;
    if (f.options) return f.options[0].value;
    if (f.ref) return sampleRef(resolve(f.ref.catalog)!);
    if (f.schema && BESPOKE[f.name]) return BESPOKE[f.name]();
    switch (f.type) {
      case 'integer': {
        const min = f.min ?? 0;
        return f.max === undefined ? min + seq : min + (seq % (f.max - min + 1));
      }
      case 'decimal':
        return `${seq}.50`;
      case 'boolean':
        return true;
      case 'date':
        return '2026-03-15';
      case 'email':
        return marks.email(seq);
      default: {
        if (f.hora) return `${String(seq % 24).padStart(2, '0')}:${String(seq % 60).padStart(2, '0')}`;
        const base = f.code
          ? `${marks.code}${seq}`
          : f.digits
            ? String(marks.digits + seq)
            : `${marks.text} ${seq}`;
        if (!f.maxLength || base.length <= f.maxLength) return base;
        // Short codes: the sequence in base 36, padded, so two calls never give the same value.
        return f.maxLength < 8
          ? (seq + (marks.shortOffset ?? 0))
              .toString(36)
              .padStart(Math.min(f.maxLength, 4), '0')
              .slice(-f.maxLength)
          : base.slice(-f.maxLength);
      }
    }
  }

  /** A valid body for a declaration's form: every field the form shows. */
  async function sampleRow(def: CatalogDef) {
    const row: Record<string, unknown> = {};
    for (const f of def.fields) {
      if (f.form === false) continue;
      const key = `${def.name}.${f.name}`;
      row[f.name] = key in fixed ? fixed[key] : await sample(f);
    }
    return row;
  }

  return { sample, sampleRow };
}
