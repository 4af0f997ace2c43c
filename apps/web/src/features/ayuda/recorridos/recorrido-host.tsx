import { type Recorrido, recorridoDePerfil } from '@app/domain/herramientas/preferencias';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tour } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { updateSession } from '../../../lib/session.ts';
import { useSession } from '../../../lib/use-session.ts';
import { Destinos } from './destinos.ts';
import { buscarObjetivo, esperar, esperarQuieto } from './esperar.ts';
import { preferenciasApi, preferenciasKeys } from './preferencias-api.ts';
import { iniciarRecorrido, irAPaso, terminarRecorrido, useRecorridoActivo } from './recorrido-store.ts';
import { objetivoDe, pasosDe, RECORRIDOS_DEF, type RecorridoDef, textoDe } from './recorridos.ts';
import '../ayuda.css';

const OFERTA = 'recorrido-oferta';
/** The offer stays this long (the pointer over it holds it); the tours are in Ayuda afterwards. */
const OFERTA_SEGUNDOS = 15;

/** The current URL is the route (paths compared decoded: 'EN%20PROCESO' is 'EN PROCESO'). */
function enRuta(ruta: string) {
  const actual = `${window.location.pathname}${window.location.search}`;
  try {
    return decodeURIComponent(actual) === decodeURIComponent(ruta);
  } catch {
    return actual === ruta;
  }
}

/**
 * The guided tours' host, mounted once in the signed-in shell (issue 14 §4, decision 58): it offers the profile's
 * tour once, on the first sign-in (remembered on the server, so not again in another browser), and runs the tour
 * being walked, which lives across the route changes its steps make.
 */
export default function RecorridoHost() {
  const session = useSession();
  const activo = useRecorridoActivo();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const idUsuario = session?.usuario.idUsuario ?? 0;
  useOferta(idUsuario, idPerfil, activo !== null);

  const def = activo ? RECORRIDOS_DEF[activo.key] : null;
  const permitido = !!def && def.perfiles.includes(idPerfil);
  useEffect(() => {
    if (activo && !permitido) terminarRecorrido();
  }, [activo, permitido]);
  if (!session || !activo || !def || !permitido) return null;
  return (
    <RecorridoEnCurso key={`${idUsuario}-${def.key}`} def={def} paso={activo.paso} idPerfil={idPerfil} />
  );
}

/** Remembers on the server that a tour was walked to its end (the Ayuda page marks it). */
function useCompletar(idUsuario: number) {
  const queryClient = useQueryClient();
  return (key: Recorrido) => {
    const clave = preferenciasKeys.de(idUsuario);
    const antes = queryClient.getQueryData<{ recorridosCompletados: Recorrido[] }>(clave);
    const completados = [...new Set([...(antes?.recorridosCompletados ?? []), key])];
    preferenciasApi
      .put({ recorridosCompletados: completados })
      .then((p) => queryClient.setQueryData(clave, p))
      .catch(() => undefined);
  };
}

/** The first-sign-in offer: a notification with 'Iniciar recorrido', shown once per user, ever. */
function useOferta(idUsuario: number, idPerfil: number, enCurso: boolean) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: preferenciasKeys.de(idUsuario),
    queryFn: ({ signal }) => preferenciasApi.get(signal),
    enabled: idUsuario > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const ofrecidoA = useRef<number | null>(null);
  const key = recorridoDePerfil(idPerfil);

  useEffect(() => {
    if (!prefs.data || prefs.data.recorridoOfrecido || !key || enCurso || ofrecidoA.current === idUsuario)
      return;
    ofrecidoA.current = idUsuario;
    // Offered means shown: a second sign-in, here or in another browser, does not ask again.
    preferenciasApi
      .put({ recorridoOfrecido: true })
      .then((p) => queryClient.setQueryData(preferenciasKeys.de(idUsuario), p))
      .catch(() => undefined);
    const def = RECORRIDOS_DEF[key];
    notification.open({
      key: OFERTA,
      title: 'Recorrido guiado',
      description: `¿Es su primera vez aquí? Un recorrido de unos minutos le muestra, en las pantallas reales, cómo ${def.titulo.charAt(0).toLowerCase()}${def.titulo.slice(1)}. Puede iniciarlo cuando quiera desde Ayuda › Recorridos guiados.`,
      duration: OFERTA_SEGUNDOS,
      // Below, out of the way of the header's menu and the page's own buttons, which sit at the top right.
      placement: 'bottomRight',
      role: 'status',
      actions: (
        <Space>
          <Button size="small" onClick={() => notification.destroy(OFERTA)}>
            Ahora no
          </Button>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              notification.destroy(OFERTA);
              iniciarRecorrido(key);
            }}
          >
            Iniciar recorrido
          </Button>
        </Space>
      ),
    });
  }, [prefs.data, key, enCurso, idUsuario, notification, queryClient]);
}

/** One tour on its way: each step goes to its route, waits for its element and points at it. */
function RecorridoEnCurso({ def, paso, idPerfil }: { def: RecorridoDef; paso: number; idPerfil: number }) {
  const session = useSession();
  const navigate = useNavigate();
  const completar = useCompletar(session?.usuario.idUsuario ?? 0);
  const pasos = useMemo(() => pasosDe(def, idPerfil), [def, idPerfil]);
  const destinos = useMemo(() => new Destinos(idPerfil), [idPerfil]);
  const [listo, setListo] = useState<{ paso: number; el: HTMLElement | null } | null>(null);
  const { notification } = App.useApp();

  // The tour takes the screen: notifications (the login tip, the offer) would cover its targets.
  useEffect(() => notification.destroy(), [notification]);

  useEffect(() => {
    const p = pasos[paso];
    if (!p) {
      terminarRecorrido();
      return;
    }
    const ctrl = new AbortController();
    void (async () => {
      if (p.modulo) updateSession({ modulo: p.modulo });
      const ruta = typeof p.ruta === 'function' ? await p.ruta(destinos) : (p.ruta ?? null);
      if (ctrl.signal.aborted) return;
      if (ruta && !enRuta(ruta)) {
        navigate(ruta);
        // The page of a lazy route commits (and the URL changes) once its code is loaded.
        await esperar(() => (enRuta(ruta) ? true : null), { signal: ctrl.signal });
      }
      const selectores = objetivoDe(p, idPerfil);
      const el = selectores.length
        ? await esperar(() => buscarObjetivo(selectores), { signal: ctrl.signal })
        : null;
      if (el) await esperarQuieto(el, { signal: ctrl.signal });
      if (!ctrl.signal.aborted) setListo({ paso, el });
    })();
    return () => ctrl.abort();
  }, [paso, pasos, destinos, navigate, idPerfil]);

  // antd measures the target when the step opens and again on window resize or scroll only: content that loads
  // or reflows afterwards (the body's scrollbar hidden by the mask, a list filling in) would leave the highlight
  // where the element was. A size change of the page or of the target re-measures it.
  const el = listo?.paso === paso ? listo.el : null;
  useEffect(() => {
    if (!el) return;
    let frame = 0;
    const medir = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => window.dispatchEvent(new Event('resize')));
    };
    const obs = new ResizeObserver(medir);
    obs.observe(el);
    obs.observe(document.body);
    return () => {
      obs.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [el]);

  return (
    <Tour
      open={listo?.paso === paso}
      current={paso}
      onChange={irAPaso}
      onClose={terminarRecorrido}
      onFinish={() => completar(def.key)}
      indicatorsRender={(actual, total) => (
        <span className="recorrido-indicador">
          Paso {actual + 1} de {total}
        </span>
      )}
      scrollIntoViewOptions={{ block: 'center' }}
      rootClassName="recorrido"
      steps={pasos.map((p, i) => ({
        title: p.titulo,
        description: textoDe(p, idPerfil),
        target: i === paso ? el : null,
      }))}
    />
  );
}
