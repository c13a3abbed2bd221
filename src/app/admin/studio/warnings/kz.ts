import { typeList, type WarningWording } from './wording'

/**
 * Import warnings in Kazakh. A noun after a number keeps its singular form ("1 орын", "5 орын"):
 * the CLDR categories one and other read alike, so each count is written once, as `other`.
 */
export const KZ_WARNINGS: WarningWording = {
  'stray-end-tag': (p) => `Артық </${p.tag}> жабу тегі еленбеді`,
  'unclosed-closed': (p, n) => `</${p.tag}> жабу тегі ${n(p.count, { other: '{n} жабылмаған элементті' })} жапты`,
  'left-open': (p, n) => `Сызбаның соңына дейін ${n(p.count, { other: '{n} элемент' })} жабылмаған`,
  'bad-viewbox': () => 'Жарамсыз viewBox еленбеді',
  'bad-transform': (p) => `transform-тың оқылмаған бөлігі «${p.part}» еленбеді`,
  'use-missing': (p) => `<use> сілтейтін «${p.href}» алдыңғы <defs>/<symbol> элементтерінің арасында жоқ`,
  'standing-without-shape': (p) => `«${p.name}» тұрып көретін аймағының пішіні жоқ`,
  'hidden-skipped': (p, n) => `${n(p.count, { other: '{n} жасырын элемент' })} (display:none) өткізіп жіберілді`,
  'seat-without-shape': (p) => `Сызылатын пішіні жоқ орын өткізіп жіберілді («${p.rule}» ережесі)`,
  'bad-seat-coordinates': () => 'Координаттары жарамсыз орын өткізіп жіберілді',
  'bad-decoration-coordinates': () => 'Координаттары жарамсыз пішін өткізіп жіберілді',
  'decorations-dropped': (p, n) => `${n(p.count, { other: '{n} безендіру пішіні' })} алынып тасталды (${n(p.max, { other: '{n} нүктеден' })} асты)`,
  'duplicate-seat-key': (p) => `Қайталанған орын кілті «${p.key}» («${p.renamed}» деп қайта аталды)`,
  'seat-numbers-unmatched': (p, n) => `seat_numbers ішіндегі ${n(p.count, { other: '{n} жазба' })} сызбадағы ешбір орынға сәйкес келмейді`,
  'no-shapes': () => 'Орындар жоқ: сызбада орын бола алатын тұйық пішіндер жоқ',
  'no-repeated-shapes': (p, n) =>
    `Орындар жоқ: орын өлшеміндегі бірде-бір пішін ${n(p.min, { other: '{n} немесе одан көп рет' })} қайталанбайды (бірдей пішіндердің ең үлкен тобында — ${p.largest}); орын ретінде ештеңе импортталмады. Сызбада орындар болса, ережелер жинағын беріңіз (RULES.md қараңыз)`,
  'ids-unreliable': (p, n) =>
    `Орындардың id-лері сызылған қатарларға сәйкес келмейді (${n(p.count, { other: '{n} орын' })}; көшірілген пішіндер өз id-лерін сақтайды): қатарлар мен нөмірлер үшін id ескерілмеді, олар орналасуынан анықталды`,
  'rows-inferred': (p, n) =>
    `Сызбада ${n(p.seats, { other: '{n} орынның' })} қатары жоқ: қатарлар орындардың орналасуынан анықталды (${n(p.rows, { other: '{n} қатар' })}, әр секторда ${p.from === 'stage' ? 'сахнадан бастап' : 'жоғарыдан төмен қарай'} нөмірленді)`,
  'numbers-inferred': (p, n) => `Сызбада ${n(p.count, { other: '{n} орынның' })} нөмірі жоқ: әр қатарда солдан оңға қарай нөмірленді`,
  'sectors-inferred': (p, n) => `Сызбада секторлар аталмаған: орын топтарының арасындағы өтпелерден ${n(p.count, { other: '{n} сектор' })} анықталды, 1…${p.count} деп аталды`,
  'numbers-from-text': (p, n) => `${n(p.count, { other: '{n} орын нөмірі' })} орындардың үстіне немесе қасына салынған сандардан оқылды`,
  'duplicates-dropped': (p, n) => `${n(p.count, { other: '{n} орын' })} басқа орынмен дәл қабаттасады: әрқайсысынан біреуі қалдырылды`,
  'unlabelled-rejected': (p, n) =>
    `${n(p.count, { other: '{n} қайталанатын пішін' })} орынға ұқсайды, бірақ басқа орындарда бар белгілері жоқ: безендіру ретінде салынды (олар орын болса, ережелер жинағын беріңіз)`,
  'not-drawn': (p, n) => `${n(p.max, { other: '{n} реттен' })} көп қайталанған ${n(p.count, { other: '{n} пішін' })} орын емес және сызу үшін сақталмады: сызбада көрсетілмейді`,
  'seats-typed': (p, n, types) =>
    `Сызба ${n(p.count, { other: '{n} орынның' })} түрін берді (${typeList(p, types, 'kz', ', ')})${p.fromShapes > 0 ? `, оның ${n(p.fromShapes, { other: '{n} орнының' })} түрін орынның үстіне салынған белгі береді` : ''}`,
  'companions-unlinked': (p, n) => `${n(p.count, { other: '{n} серіктес орнының' })} өз қатарында қасында арбаға арналған орын жоқ: ешқайсысына байланыстырылмады`,
  'seats-without-number': (p, n) => `${n(p.count, { other: '{n} орынның' })} нөмірі жоқ`,
  'compound-seats': (p, n) => `${n(p.count, { other: '{n} орын' })} бірнеше пішіннен тұратын топ ретінде салынған: әр топ — бір орын`,
  'removed-element': (p, n) => `${n(p.count, { other: `{n} <${p.name}> элементі` })} жойылды`,
  'removed-handler': (p, n) => `${n(p.count, { other: `{n} ${p.name} оқиға өңдегіші` })} жойылды`,
  'removed-link': (p, n) => `${p.name} атрибутындағы скриптке ${n(p.count, { other: '{n} сілтеме' })} жойылды`,
  'removed-animation': (p, n) => `Сілтемені немесе өңдегішті ауыстыратын ${n(p.count, { other: `{n} <${p.name}> анимациясы` })} жойылды`,
  'unnamed-sectors': (p, n) => `Атауы жоқ секторларда ${n(p.count, { other: '{n} орын' })}: оларды студияда атаңыз`,
  text: (p) => p.text,
  times: (times, n) => `барлығы ${n(times, { other: '{n} рет' })}`,
  seats: { other: '{n} орын' },
}
