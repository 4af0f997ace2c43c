import { AudioMutedOutlined, AudioOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { UpperTextArea } from '../tramites/upper-text-area.tsx';

/*
 * Dictation (docs/spec-summary.md 001 §2.7, issue 13 item 1): the browser's speech recognition in es-EC, falling back
 * to es-ES when the browser rejects the first; where it does not exist the button explains why
 * instead of doing nothing.
 */

type Resultado = { 0: { transcript: string }; isFinal: boolean };
type Reconocedor = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: { resultIndex: number; results: ArrayLike<Resultado> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
};
type Constructor = new () => Reconocedor;

export const SIN_DICTADO =
  'Su navegador no permite el dictado por voz. Use Google Chrome o Microsoft Edge, o escriba el texto.';
const ERROR_DICTADO: Record<string, string> = {
  'not-allowed': 'El navegador no tiene permiso para usar el micrófono.',
  'service-not-allowed': 'El navegador no tiene permiso para usar el micrófono.',
  'audio-capture': 'No se encontró un micrófono.',
  network: 'El dictado necesita conexión a internet.',
};

function reconocedor(): Constructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: Constructor; webkitSpeechRecognition?: Constructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Start/stop dictation; each final phrase is appended (upper-case) through `onTexto`. */
export function useDictado(onTexto: (frase: string) => void) {
  const [escuchando, setEscuchando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rec = useRef<Reconocedor | null>(null);
  const cb = useRef(onTexto);
  cb.current = onTexto;
  useEffect(() => () => rec.current?.stop(), []);

  const disponible = reconocedor() !== null;

  function iniciar(lang = 'es-EC') {
    const C = reconocedor();
    if (!C) {
      setError(SIN_DICTADO);
      return;
    }
    setError(null);
    const r = new C();
    r.lang = lang;
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (e) => {
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const res = e.results[i];
        if (res.isFinal) cb.current(res[0].transcript.trim().toUpperCase());
      }
    };
    r.onerror = (e) => {
      if (e.error === 'language-not-supported' && lang !== 'es-ES') {
        r.onend = null;
        iniciar('es-ES');
        return;
      }
      if (e.error !== 'no-speech' && e.error !== 'aborted')
        setError(ERROR_DICTADO[e.error] ?? 'No se pudo iniciar el dictado.');
    };
    r.onend = () => setEscuchando(false);
    rec.current = r;
    try {
      r.start();
      setEscuchando(true);
    } catch {
      setError('No se pudo iniciar el dictado.');
    }
  }

  function detener() {
    rec.current?.stop();
    setEscuchando(false);
  }

  return { disponible, escuchando, error, iniciar: () => iniciar(), detener };
}

type TextoProps = {
  value?: string | null;
  onChange?: (v: string) => void;
  id?: string;
  disabled?: boolean;
  rows?: number;
  maxLength?: number;
  'aria-label'?: string;
};

/** An upper-case text area with the dictation button (Iniciar / Detener dictado). */
export function TextoDictado({ value, onChange, disabled, rows = 3, maxLength = 2000, ...rest }: TextoProps) {
  const actual = useRef(value ?? '');
  actual.current = value ?? '';
  const d = useDictado((frase) => {
    const previo = actual.current;
    onChange?.(previo ? `${previo} ${frase}` : frase);
  });
  const [aviso, setAviso] = useState(false);
  const etiqueta = d.escuchando ? 'Detener dictado' : 'Iniciar dictado';
  return (
    <Flex vertical gap={6}>
      <UpperTextArea
        {...rest}
        value={value ?? ''}
        rows={rows}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value.toUpperCase())}
      />
      <Flex gap={8} align="center">
        <Tooltip title={d.disponible ? etiqueta : SIN_DICTADO}>
          <Button
            size="small"
            disabled={disabled}
            danger={d.escuchando}
            icon={d.escuchando ? <AudioMutedOutlined aria-hidden /> : <AudioOutlined aria-hidden />}
            aria-pressed={d.escuchando}
            onClick={() => {
              if (!d.disponible) setAviso(true);
              else if (d.escuchando) d.detener();
              else d.iniciar();
            }}
          >
            {etiqueta}
          </Button>
        </Tooltip>
        {d.escuchando && <span aria-live="polite">Escuchando…</span>}
      </Flex>
      {(aviso || d.error) && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setAviso(false)}
          title={d.error ?? SIN_DICTADO}
          role="status"
        />
      )}
    </Flex>
  );
}
