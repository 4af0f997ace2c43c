-- Issue 14 §4: the accents the CIE-10 listing leaves out ('sin mencion de complicacion'), written as the
-- seed now writes them (apps/api/src/db/seed/cie10-tildes.ts, the same 151 words: keep the two lists equal;
-- apps/api/src/db/seed/cie10-tildes.test.ts runs this file against the raw listing and compares).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT * FROM (VALUES
      ('acido', 'ácido'), ('actuan', 'actúan'), ('agresion', 'agresión'), ('agricola', 'agrícola'), ('alucinogenos', 'alucinógenos'), ('amnesico', 'amnésico'),
      ('analgesicos', 'analgésicos'), ('anestesiologia', 'anestesiología'), ('anomalia', 'anomalía'), ('antiepilepticas', 'antiepilépticas'), ('antipireticos', 'antipiréticos'), ('antirreumaticos', 'antirreumáticos'),
      ('arbol', 'árbol'), ('area', 'área'), ('artropodos', 'artrópodos'), ('asi', 'así'), ('atencion', 'atención'), ('autobus', 'autobús'),
      ('automovil', 'automóvil'), ('autonomo', 'autónomo'), ('biologicas', 'biológicas'), ('cafeina', 'cafeína'), ('caida', 'caída'), ('caidas', 'caídas'),
      ('caiman', 'caimán'), ('calefaccion', 'calefacción'), ('cataclismica', 'cataclísmica'), ('cañerias', 'cañerías'), ('cefalorraquideo', 'cefalorraquídeo'), ('centipodos', 'centípodos'),
      ('cesped', 'césped'), ('cirugia', 'cirugía'), ('cocaina', 'cocaína'), ('colision', 'colisión'), ('complicacion', 'complicación'), ('congenita', 'congénita'),
      ('congenitas', 'congénitas'), ('construccion', 'construcción'), ('cordon', 'cordón'), ('cronica', 'crónica'), ('cronico', 'crónico'), ('depositos', 'depósitos'),
      ('desnutricion', 'desnutrición'), ('diagnostico', 'diagnóstico'), ('domesticos', 'domésticos'), ('electrica', 'eléctrica'), ('electricas', 'eléctricas'), ('elevacion', 'elevación'),
      ('embarcacion', 'embarcación'), ('empellon', 'empellón'), ('empujon', 'empujón'), ('erupcion', 'erupción'), ('escorpion', 'escorpión'), ('espontaneo', 'espontáneo'),
      ('esquis', 'esquís'), ('explosion', 'explosión'), ('exposicion', 'exposición'), ('fisica', 'física'), ('fistula', 'fístula'), ('frio', 'frío'),
      ('fusion', 'fusión'), ('gastrica', 'gástrica'), ('gastricos', 'gástricos'), ('gastroenterologia', 'gastroenterología'), ('ginecologicos', 'ginecológicos'), ('hematólogico', 'hematológico'),
      ('hipertension', 'hipertensión'), ('hipnoticas', 'hipnóticas'), ('hipnoticos', 'hipnóticos'), ('ignicion', 'ignición'), ('infeccion', 'infección'), ('ingestion', 'ingestión'),
      ('inhalacion', 'inhalación'), ('inmunologicos', 'inmunológicos'), ('institucion', 'institución'), ('intencion', 'intención'), ('intoxicacion', 'intoxicación'), ('inundacion', 'inundación'),
      ('lesion', 'lesión'), ('lineas', 'líneas'), ('liquido', 'líquido'), ('liquidos', 'líquidos'), ('malformacion', 'malformación'), ('mamiferos', 'mamíferos'),
      ('maquinas', 'máquinas'), ('mecanicas', 'mecánicas'), ('medico', 'médico'), ('medicos', 'médicos'), ('mencion', 'mención'), ('metabolicas', 'metabólicas'),
      ('miriapodos', 'miriápodos'), ('morfologica', 'morfológica'), ('multiples', 'múltiples'), ('narcoticos', 'narcóticos'), ('nefritico', 'nefrítico'), ('nefropatia', 'nefropatía'),
      ('nefrotico', 'nefrótico'), ('neumatico', 'neumático'), ('neurologicas', 'neurológicas'), ('neurologicos', 'neurológicos'), ('obstetricos', 'obstétricos'), ('obstruccion', 'obstrucción'),
      ('oftalmicos', 'oftálmicos'), ('oftalmoplejia', 'oftalmoplejía'), ('opiaceos', 'opiáceos'), ('organicos', 'orgánicos'), ('organos', 'órganos'), ('ortopedicos', 'ortopédicos'),
      ('osea', 'ósea'), ('otorrinolaringologicos', 'otorrinolaringológicos'), ('oxigeno', 'oxígeno'), ('peaton', 'peatón'), ('peptica', 'péptica'), ('perforacion', 'perforación'),
      ('perifericas', 'periféricas'), ('plastica', 'plástica'), ('presion', 'presión'), ('privacion', 'privación'), ('protesicos', 'protésicos'), ('psicodislepticos', 'psicodislépticos'),
      ('psicotico', 'psicótico'), ('psicotropicas', 'psicotrópicas'), ('quimicos', 'químicos'), ('quirurgicos', 'quirúrgicos'), ('radiacion', 'radiación'), ('radiologicos', 'radiológicos'),
      ('rapidamente', 'rápidamente'), ('rehabilitacion', 'rehabilitación'), ('respiracion', 'respiración'), ('sindrome', 'síndrome'), ('sindromes', 'síndromes'), ('sofocacion', 'sofocación'),
      ('sumersion', 'sumersión'), ('tardia', 'tardía'), ('tardio', 'tardío'), ('terapeuticos', 'terapéuticos'), ('toracicos', 'torácicos'), ('transito', 'tránsito'),
      ('transmision', 'transmisión'), ('traspie', 'traspié'), ('traumatico', 'traumático'), ('traves', 'través'), ('tropezon', 'tropezón'), ('ulcera', 'úlcera'),
      ('urologia', 'urología'), ('vehiculo', 'vehículo'), ('vehiculos', 'vehículos'), ('vias', 'vías'), ('victima', 'víctima'), ('volatiles', 'volátiles'),
      ('volcanica', 'volcánica')
    ) AS v(sin, con)
  LOOP
    UPDATE diagnostico
       SET nombre = regexp_replace(regexp_replace(nombre, '\m' || r.sin || '\M', r.con, 'g'),
                                   '\m' || initcap(r.sin) || '\M', initcap(r.con), 'g')
     WHERE nombre ~* ('\m' || r.sin || '\M');
    UPDATE clas_diag
       SET nombre = regexp_replace(regexp_replace(nombre, '\m' || r.sin || '\M', r.con, 'g'),
                                   '\m' || initcap(r.sin) || '\M', initcap(r.con), 'g')
     WHERE nombre ~* ('\m' || r.sin || '\M');
  END LOOP;
END $$;
