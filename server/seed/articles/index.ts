import { article as birzhaUslug } from './birzha-uslug-bas-market.ts'
import { article as dostavkaMeditsinskikhGruzov } from './dostavka-meditsinskikh-gruzov-dronami.ts'
import { article as dronyVZhkh } from './drony-v-zhkh.ts'
import { article as kakPostavitNaUchet } from './kak-postavit-bespilotnik-na-uchet.ts'
import { article as kakVybratAgrodron } from './kak-vybrat-agrodron.ts'
import { article as lesopatrulirovanie } from './lesopatrulirovanie-bespilotnikami.ts'
import { article as marksheyderskayaSemka } from './marksheyderskaya-semka-kariera.ts'
import { article as obletLep } from './oblet-lep-teplovizorom.ts'
import { article as obzorTeplovizionnykh } from './obzor-teplovizionnykh-dronov.ts'
import { article as otkrytieRazdelaMedia } from './otkrytie-razdela-media.ts'
import { article as poiskLyudey } from './poisk-lyudey-s-bespilotnikom.ts'
import { article as radiatsionnyyMonitoring } from './radiatsionnyy-monitoring-dronami.ts'
import { article as razreshenieNaPolety } from './razreshenie-na-polety-bespilotnika.ts'
import { article as sravnenieDlyaKartografii } from './sravnenie-bpla-dlya-kartografii.ts'
import type { DemoArticle } from '../articles.ts'
import { article as uchebnyeDrony } from './uchebnye-drony-dlya-shkol-i-vuzov.ts'
import { article as zonyOgranicheniya } from './zony-ogranicheniya-poletov.ts'

/** The demo articles, one file each, newest first. */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  birzhaUslug,
  obzorTeplovizionnykh,
  kakPostavitNaUchet,
  razreshenieNaPolety,
  kakVybratAgrodron,
  zonyOgranicheniya,
  dronyVZhkh,
  poiskLyudey,
  sravnenieDlyaKartografii,
  uchebnyeDrony,
  obletLep,
  lesopatrulirovanie,
  marksheyderskayaSemka,
  radiatsionnyyMonitoring,
  dostavkaMeditsinskikhGruzov,
  otkrytieRazdelaMedia,
]
