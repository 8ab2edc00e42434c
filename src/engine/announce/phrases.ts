/**
 * The words of the posts Gavel writes, per post language. A post's layout is
 * the ruleset's templates (`announcements.templates`, `templatesIn`); every
 * fixed phrase a composer puts into them (a phase's name, "Nobody died.", the
 * vote count's lines, the winner's heading, a death's cause) is here, one
 * table per language, never an English literal in a composer. Counted
 * phrases have a form per plural category, chosen by `Intl.PluralRules`
 * ("3 голоса", "5 голосов"); names are never declined: a sentence is built
 * around a name so it needs no case or gender ("Игрок {name} отравлен").
 */
import { modifiedRoleName } from '../night/nar-modifiers';
import { nightVerdictWords } from '../night/results';
import { deathCauseOf, deathCauseWords } from '../game/death-causes';
import { findRuleset } from '../rules/registry';
import { defaultTemplatesIn } from '../rules/defaults';
import type { AnnouncementTemplates, LocalNames, PostLanguage, PublicNightResult, PublicNightResultWords, Ruleset } from '../rules/types';
import type { TallyNote, TallyNoteCode } from '../voting/types';
import { renderPlain } from './render';
import type { WinReason } from '../win/check';

/** The post languages, in the order a host is offered them. */
export const postLanguages: readonly PostLanguage[] = ['en', 'ru'];

/** Whether a value (from storage, a file, the command line) is a post language. */
export function isPostLanguage(value: unknown): value is PostLanguage {
  return typeof value === 'string' && (postLanguages as readonly string[]).includes(value);
}

/** A phrase with a form per plural category; a category a language does not list uses `other`. */
export interface PluralPhrase {
  readonly one: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** The fixed phrases of the posts in one language. `{…}` are filled by `renderTemplate`. */
export interface PostPhrases {
  /** A day's and a night's name: `{n}` is its number. */
  readonly day: string;
  readonly night: string;
  /** The phase start when nobody died in the phase before. */
  readonly nobodyDied: string;
  /** A dead player's will (003). */
  readonly will: string;
  /** 004 L166: a night note under the morning's results, its sender not named: `{text}`. */
  readonly nightNote: string;
  /** The vote result when nobody dies. */
  readonly nobodyDies: string;
  /** A tie that goes to a second vote: `{names}` the tied players. */
  readonly runoff: string;
  /** An election's winner: `{name}`, `{title}`. */
  readonly elected: string;
  /** One player's (or family's) total in the vote result: `{name}`, `{n}`. */
  readonly total: PluralPhrase;
  /** A counted vote that weighed other than 1: `{voter}`, `{target}`, `{n}`. */
  readonly weightedVote: string;
  readonly vote: string;
  /** A death in the vote result: `{name}`, `{cause}`, and with what is revealed `{reveal}`. */
  readonly voteDeath: string;
  readonly voteDeathRevealed: string;
  /** The game end's heading word. */
  readonly winner: string;
  readonly draw: string;
  /** 004: a side's win after the Faceless won already is a draw: added to the win's reason. */
  readonly facelessDraw: string;
  /** Why the game ended, by the win check's reason; a reason without one uses the check's own detail (English only). */
  readonly winReasons: Readonly<Partial<Record<WinReason, string>>>;
  /** 000's Court Secretary: the leaked votes. */
  readonly noVotesToReport: string;
  readonly votedFor: string;
  /** The vote count post. */
  readonly countHeading: string;
  readonly countFamilies: string;
  readonly countPlayers: string;
  readonly countFamily: PluralPhrase;
  /** A wagon: `{target}`, `{votes}` (the amount), `{l}` (how far from the threshold), `{voters}`. */
  readonly countWagon: PluralPhrase;
  readonly countAtThreshold: string;
  /** Votes still needed: `{n}`. */
  readonly countShort: PluralPhrase;
  readonly countNoVotes: string;
  /** Players who have not voted: `{n}`, `{names}`. */
  readonly countNotVoting: string;
  /** The majority threshold: `{alive}`, `{n}` (votes it takes). */
  readonly countThreshold: PluralPhrase;
  readonly countFamilyCourt: string;
  readonly countWeighted: string;
  readonly countHammer: string;
  readonly countLock: string;
  /** Causes with a name in them: `court (<family>)` and `revenge of <name>`. */
  readonly courtCause: string;
  readonly revengeOfCause: string;
  /** A tally's explanations in the vote result post, by code. */
  readonly notes: Readonly<Record<TallyNoteCode, string>>;
  /** 004's vote colours as a note names them ("red correction", «красная поправка»). */
  readonly colors: Readonly<Record<string, string>>;
  /** The presets' check results (their night rules' verdict words, written in English), in the language's words. */
  readonly verdicts: Readonly<Record<string, string>>;
}

const english: PostPhrases = {
  day: 'Day {n}',
  night: 'Night {n}',
  nobodyDied: 'Nobody died.',
  will: 'Will: {will}',
  nightNote: 'Night note: {text}',
  nobodyDies: 'Nobody dies.',
  runoff: 'Tie: a second vote between {names}.',
  elected: '{name} is elected {title}.',
  total: { one: '{name}: {n}', other: '{name}: {n}' },
  weightedVote: '{voter} → {target} ({n})',
  vote: '{voter} → {target}',
  voteDeath: '{name} ({cause})',
  voteDeathRevealed: '{name} ({cause}): {reveal}',
  winner: 'Winner',
  draw: 'Draw',
  facelessDraw: 'The Faceless already won, so this is a draw.',
  // The win check's own detail says why, with its counts.
  winReasons: {},
  noVotesToReport: 'No votes to report.',
  votedFor: '{voter} voted for {target}',
  countHeading: '{b}Vote count, {day}{/b} (as of post #{post})',
  countFamilies: '{b}Families{/b}',
  countPlayers: '{b}Players{/b}',
  countFamily: { one: '{family}: {votes}', other: '{family}: {votes}' },
  countWagon: { one: '{b}{target}{/b} ({votes}{l}): {voters}', other: '{b}{target}{/b} ({votes}{l}): {voters}' },
  countAtThreshold: ', at the threshold',
  countShort: { one: ', L-{n}', other: ', L-{n}' },
  countNoVotes: 'No votes yet.',
  countNotVoting: 'Not voting ({n}): {names}',
  countThreshold: { one: 'With {alive} alive, it takes {n} to lynch.', other: 'With {alive} alive, it takes {n} to lynch.' },
  countFamilyCourt: 'With {alive} alive, the families with the most votes go to court.',
  countWeighted: 'With {alive} alive, the highest vote weight at the end of the vote decides.',
  countHammer: '{b}{target} was hammered in post #{post}.{/b}',
  countLock: 'The wagon on {target} locked in post #{post}.',
  courtCause: 'court ({family})',
  revengeOfCause: 'revenge of {name}',
  notes: {
    exiled: '{name} is exiled: {reasons}',
    'court-empty': '{family} goes to court with no living players: nobody dies from it',
    'court-no-votes': '{family} goes to court but no member has a vote against them: nobody dies from it',
    'court-lone': '{names} is the only living member of {family}, so has the most votes ({n}): the court kills them',
    'court-most-one': '{family} goes to court and {names} has the most votes ({n}): the court kills the most voted',
    'court-most-many': '{family} goes to court and {names} have the most votes ({n}): the court kills the most voted',
    'lawyer-alone': 'the Lawyer defends {client}, alone in {family}: nobody dies from it',
    'lawyer-others-die': 'the Lawyer saves {client}; the others tied with them die',
    'lawyer-nobody-else': 'the Lawyer saves {client}; nobody else in {family} has a vote against them, so nobody dies from it',
    'lawyer-second': 'the Lawyer saves {client}; the second-most voted in {family} dies instead',
    'revenge-absent': "{dead}'s revenge on {target} does not happen: {target} was not present for the vote",
    'auto-vote': '{voter} voted against {target}, who cannot be voted against: it counts as a vote against {voter}',
    'vote-capped': "{voter}'s vote of {raw} is capped at {cap} ({color} correction)",
    barrier: "{name}'s barrier of {barrier}: each vote counts at most 1 and {barrier} is taken off, black votes first",
    'black-cap': 'black votes into {name} capped at {cap}',
    'black-grey-cap': 'black and grey votes into {name} capped at {cap}',
    'all-reds': 'all living reds voted against {name}, who dies whatever the weights or barriers',
    everyone: 'everyone else voted against {name}, who dies whatever the weights or barriers',
    'strict-tie-first-two': 'strict run-off tie with {n} negatives alive: the first two to receive votes die',
    'strict-tie-both': 'strict run-off tie with {n} negatives alive: both die',
    'strict-tie-nobody': 'strict run-off tie with {n} negatives alive: nobody dies',
    'title-lost': 'a red was lynched: {name} loses the {title} post',
    'red-tie': 'tie: all red votes are on {x} and only black and grey votes on {y}: {x} dies',
    'grey-tie-weight': 'tie with reds = blacks + grey: {name} has more red weight and dies',
    'grey-tie-first': 'tie with reds = blacks + grey and equal red weight: {name} got the first red vote and dies',
    'election-first-vote': 'strict tie in the second round: the candidate who got the first vote wins',
    'witch-hunt': 'witch hunt: the two most-voted players die; ties go to whoever received votes earlier',
    'auto-vote-dead': '{voter} voted for {target}, who is not an active player: it counts as a vote against {voter}',
    'auto-vote-abstain': '{voter} may not abstain at a lynch: the abstention counts as a vote against {voter}',
    'auto-vote-inactive': '{voter} was inactive all day: the vote counts against {voter}',
    'tie-settled': '{name} would go to a run-off, but the {role} voted against {name}: {name} dies alone, with no run-off',
    'weight-moved': "the {role} {name}'s vote now weighs {to} (was {from})",
    forgiven: 'the Priest {priest} forgives {name}: every vote against {name} counts 0',
    'forgiven-revote': '{name} was saved by forgiveness: a re-vote follows, in which no one may vote for {name}',
    'hero-save': 'the Hero {hero} cancels the lynch of {name}',
    'hero-dies-with': 'the Hero {hero} defended {name}, a black player, and is lynched with him',
    'hero-grey': 'the Hero {hero} defended {name}, the grey player: {name} dies and the Hero has spent his move',
    'heroic-suicide':
      '{name}, the Faceless holding the Hero, is lynched and takes the heroic suicide: he leaves the game with a draw and loses his victims',
    compromised: "the Liar compromised {name}: {name}'s vote counts {n} and {name}'s barriers are off",
    'self-compromised': 'the Liar {name} named himself: a double barrier',
    witness: 'the Witness {name} is confirmed by {n}: +1 to each of them and +{n} to the Witness',
    'vote-bonus': "{voter}'s vote against {target} counts {bonus} more",
    detonator: 'the Terrorist {name} sets off his detonator with {target}: the vote is void, only they are hit',
    'detonator-crippled': '{target} is not killed by the blast but crippled (role and colour blocked)',
    blast: "the blast of {name}'s death blocks the roles of those who voted against: {names}",
    'extra-vote': '{name} is the only one lynched today: another vote follows the same day',
    'hunt-tie-settled': 'witch hunt tie: the {role} voted against {name}, who goes first',
    fired: 'the Mayor voted against {name}, who was not lynched: {name} loses the {title} post',
    accompanied: '{companion} accompanied {name}: one vote fewer against {name}',
    support: 'the Politician {name} is supported by {n}: +1 to each of them and +{bonus} to the Politician',
    'patron-bonus': 'the Mayor {name} votes with the Politician: +{bonus}',
    'patron-cover': 'the Mayor is in power and did not vote against the Politician {name}: the votes against him count 0',
    'zero-barrier': "{name}'s zero barrier: each vote against him counts at most 1",
    'immunity-open': '{name} gave immunity back to his protector {target}: {target} stays open (priority Politician > Lawyer > Priest)',
    'crowd-bonus': '{name} has +{n} for the phantom players',
    'crowd-cancelled': '{name} cancelled the phantom vote bonus',
    'corpse-bonus': '{name} has +{n} for corpses whose roles the undead cannot use',
    'hosted-vote-lost': '{name} did not vote with {host}, the player he possesses: his vote counts 0',
    'proxy-vote': '{servant} votes for {name}',
    bank: '{name} bought {n} votes; {left} left in the bank',
    'bank-short': '{name} asked for {asked} votes but had only {n} in the bank',
    'hero-skip': 'the Hero {hero} cannot save {name}: his move is skipped',
    'took-voter': 'the Hero {hero} dies heroically and takes {name} along, who voted against him',
    'die-instead': 'the Priest {priest} lets {name}, whom he saved, die instead of him',
    'late-move': "{name}'s {ability} came after the vote opened: skipped",
    'vote-opening-read': "the vote opened with the host's post #{post}; earlier votes do not count",
    'vote-opening-set': 'the vote opened at the time the host set; votes posted before it do not count',
    'vote-opening-assumed':
      'no announcement of the vote was read and no time set: it is assumed to open at {time} ({zone}); no vote is refused for being early',
    'auto-vote-absent': '{voter} had not voted by the deadline: a forced auto-vote',
    executed: 'the {role} {name} uses his death execution on {target}, who counts as lynched with him',
    'execution-refused': "{name}'s death execution of {target} does not count: he has no such right, or may not name that player",
    'bonus-waived': '{name} called off the bonus to his vote',
    'runoff-bought': '{name} bought {n} votes for the first ballot: they count in the run-off too',
    'runoff-bought-spent': '{name} spent the {n} votes he bought on the first ballot: in the run-off he has his own vote only',
    departed: 'the {role} {name} leaves the town to report to his superiors',
    'side-revealed': 'the {role} {name} has left: his side is {color}',
    'side-revealed-named': 'the {role} {name} has left: his side is {color}, the side of {target}, the player he named',
    'side-unreported': 'the {role} {name} has left without naming his side to the host: it stays hidden',
    'side-refused': 'the {role} {name} has left: the host refused him the choice of his side, so it stays hidden',
    'hunt-no-execution': 'there is no death execution in the witch hunt: {name} dies without one',
    'possessing-zero': '{name} possesses a player: his vote counts 0',
    'role-weight': "{name}'s vote counts {n} (his role)",
    'vote-stolen': "{politician} took {name}'s vote for the day: it counts for {politician}",
    unlynchable: '{name} cannot be lynched: the majority on him lynches nobody, and the day ends',
    'lynch-cancelled': '{governor} pardoned {name}: the lynch is cancelled and nobody dies',
    'single-vote': '{name} cast his vote in post #{post} once: it counts 1, not his full weight',
  },
  colors: { red: 'red', black: 'black', grey: 'grey' },
  verdicts: nightVerdictWords.en,
};

const russian: PostPhrases = {
  day: 'День {n}',
  night: 'Ночь {n}',
  nobodyDied: 'Никто не погиб.',
  will: 'Завещание: {will}',
  nightNote: 'Ночная записка: {text}',
  nobodyDies: 'Никто не погибает.',
  runoff: 'Ничья: переголосование между игроками {names}.',
  elected: 'Итог выборов: {title} — игрок {name}.',
  total: { one: '{name}: {n} голос', few: '{name}: {n} голоса', many: '{name}: {n} голосов', other: '{name}: {n} голоса' },
  weightedVote: '{voter} → {target} ({n})',
  vote: '{voter} → {target}',
  voteDeath: '{name} ({cause})',
  voteDeathRevealed: '{name} ({cause}): {reveal}',
  winner: 'Победа',
  draw: 'Ничья',
  facelessDraw: 'Безликий уже победил, поэтому это ничья.',
  winReasons: {
    'win/not-yet': 'Исход игры ещё не решён.',
    'win/game-continues': 'Игра продолжается.',
    'win/mafia-half-alive': 'В живых осталась хотя бы половина мафии: мафия побеждает.',
    'win/family-most-civilians': 'Мафия проиграла; побеждает семья, которая убила всю свою мафию и сохранила больше всего мирных жителей.',
    'win/no-family-qualifies': 'Мафия проиграла, но ни одна семья не убила всю свою мафию.',
    'win/mafia-gone': 'Мафии в живых не осталось.',
    'win/fifty-percent-rule': 'Мафии не меньше, чем остальных: город больше не может набрать большинство (правило 50%).',
    'win/town-win-impossible': 'Мафию больше некому остановить: силы равны, а арестовать её некому.',
    'win/night-kill-case': 'Ночью у города на одного игрока больше, но ни арестовать, ни остановить ночное убийство некому.',
    'win/arrester-alive': 'Силы равны, но в живых есть тот, кто может арестовывать: игра продолжается.',
    'win/reds-cleared': 'Все чёрные и Безликий выбыли из игры.',
    'win/blacks-outnumber': 'К началу дня красных в живых меньше, чем чёрных.',
    'win/blacks-equal-no-hunt': 'Красных и чёрных поровну, и охота на ведьм уже невозможна.',
    'win/final-duel': 'Остались последний чёрный и последний красный.',
    'win/hunt-still-possible': 'Красных и чёрных поровну, но охота на ведьм ещё возможна: игра продолжается.',
    'win/stalemate-draw': 'Два дня подряд переголосование закончилось без жертв при тех же живых игроках: ничья.',
    'win/lynched-wins': 'Казнён игрок, чья роль побеждает через казнь: игра окончена.',
    'win/solo-killer': 'Убийца-одиночка остался не более чем с одним игроком: остановить его некому.',
  },
  noVotesToReport: 'Голосов для отчёта нет.',
  votedFor: '{voter} голосует против игрока {target}',
  countHeading: '{b}Подсчёт голосов, {day}{/b} (на момент сообщения #{post})',
  countFamilies: '{b}Семьи{/b}',
  countPlayers: '{b}Игроки{/b}',
  countFamily: {
    one: '{family}: {votes} голос',
    few: '{family}: {votes} голоса',
    many: '{family}: {votes} голосов',
    other: '{family}: {votes} голоса',
  },
  countWagon: {
    one: '{b}{target}{/b} ({votes} голос{l}): {voters}',
    few: '{b}{target}{/b} ({votes} голоса{l}): {voters}',
    many: '{b}{target}{/b} ({votes} голосов{l}): {voters}',
    other: '{b}{target}{/b} ({votes} голоса{l}): {voters}',
  },
  countAtThreshold: ', порог достигнут',
  countShort: { one: ', не хватает {n} голоса', other: ', не хватает {n} голосов' },
  countNoVotes: 'Голосов пока нет.',
  countNotVoting: 'Не проголосовали ({n}): {names}',
  countThreshold: {
    one: 'Живых: {alive}. Для линча нужен {n} голос.',
    few: 'Живых: {alive}. Для линча нужно {n} голоса.',
    many: 'Живых: {alive}. Для линча нужно {n} голосов.',
    other: 'Живых: {alive}. Для линча нужно {n} голоса.',
  },
  countFamilyCourt: 'Живых: {alive}. В суд идут семьи, набравшие больше всего голосов.',
  countWeighted: 'Живых: {alive}. Решает наибольший вес голосов к концу голосования.',
  countHammer: '{b}Решающий голос против игрока {target} отдан в сообщении #{post}.{/b}',
  countLock: 'Голосование против игрока {target} зафиксировано в сообщении #{post}.',
  courtCause: 'суд ({family})',
  revengeOfCause: 'месть игрока {name}',
  notes: {
    exiled: 'Игрок {name} изгнан: {reasons}.',
    'court-empty': 'Семья {family} идёт в суд, но живых в ней нет: никто не погибает.',
    'court-no-votes': 'Семья {family} идёт в суд, но ни у кого из её членов нет голосов против: никто не погибает.',
    'court-lone': 'Игрок {names} — единственный живой член семьи {family}, и больше всего голосов ({n}) у него: суд его казнит.',
    'court-most-one': 'Семья {family} идёт в суд; больше всего голосов ({n}) у игрока {names}: суд казнит его.',
    'court-most-many': 'Семья {family} идёт в суд; больше всего голосов ({n}) у игроков {names}: суд казнит их.',
    'lawyer-alone': 'Адвокат защищает игрока {client}, единственного в семье {family}: никто не погибает.',
    'lawyer-others-die': 'Адвокат спасает игрока {client}; остальные с тем же числом голосов погибают.',
    'lawyer-nobody-else':
      'Адвокат спасает игрока {client}; больше ни у кого в семье {family} нет голосов против, поэтому никто не погибает.',
    'lawyer-second': 'Адвокат спасает игрока {client}; вместо него погибает второй по числу голосов в семье {family}.',
    'revenge-absent': 'Месть игрока {dead} игроку {target} не состоялась: игрок {target} не участвовал в голосовании.',
    'auto-vote':
      'Игрок {voter} проголосовал против игрока {target}, против которого голосовать нельзя: голос засчитан против самого игрока {voter}.',
    'vote-capped': 'Голос игрока {voter} весом {raw} ограничен до {cap} ({color} поправка).',
    barrier: 'Барьер игрока {name} ({barrier}): каждый голос весит не больше 1, и снимается {barrier}, сначала чёрные голоса.',
    'black-cap': 'Чёрные голоса против игрока {name} ограничены до {cap}.',
    'black-grey-cap': 'Чёрные и серые голоса против игрока {name} ограничены до {cap}.',
    'all-reds': 'Все живые красные проголосовали против игрока {name}: этот игрок погибает независимо от весов и барьеров.',
    everyone: 'Все остальные проголосовали против игрока {name}: этот игрок погибает независимо от весов и барьеров.',
    'strict-tie-first-two': 'Строгая ничья на переголосовании, живых негативов: {n}. Погибают первые двое, получившие голоса.',
    'strict-tie-both': 'Строгая ничья на переголосовании, живых негативов: {n}. Погибают оба.',
    'strict-tie-nobody': 'Строгая ничья на переголосовании, живых негативов: {n}. Никто не погибает.',
    'title-lost': 'Линчеван красный: игрок {name} теряет пост ({title}).',
    'red-tie': 'Ничья: все красные голоса у игрока {x}, а у игрока {y} только чёрные и серые: погибает игрок {x}.',
    'grey-tie-weight': 'Ничья при равенстве красных и чёрных с серым: погибает игрок {name}, у него больше красного веса.',
    'grey-tie-first':
      'Ничья при равенстве красных и чёрных с серым и равном красном весе: погибает игрок {name}, получивший первый красный голос.',
    'election-first-vote': 'Строгая ничья во втором туре: побеждает кандидат, получивший первый голос.',
    'witch-hunt': 'Охота на ведьм: погибают двое, набравшие больше всего голосов; при равенстве — тот, кто получил голоса раньше.',
    'auto-vote-dead':
      'Игрок {voter} проголосовал за игрока {target}, который не относится к активным игрокам: голос приравнивается к автоголосу против игрока {voter}.',
    'auto-vote-abstain': 'На линчевании нельзя отказаться от голоса: отказ игрока {voter} приравнивается к автоголосу против него.',
    'auto-vote-inactive': 'Игрок {voter} проинактивил весь день: его голос засчитан против него же.',
    'tie-settled':
      'Игрок {name} должен был попасть на переголосование, но против него голосовал {role}: переголосования не будет, игрок {name} умирает в одиночку.',
    'weight-moved': 'Голос игрока {name} ({role}) теперь равен {to} (был {from}).',
    forgiven: 'Священник {priest} прощает игрока {name}: все голоса против него приравниваются к нулю.',
    'forgiven-revote': 'Игрок {name} спасён прощением: начинается переголосование, на котором нельзя голосовать в игрока {name}.',
    'hero-save': 'Герой {hero} отменяет линчевание игрока {name}.',
    'hero-dies-with': 'Герой {hero} встал на защиту черного игрока {name} и линчуется на пару с ним.',
    'hero-grey': 'Герой {hero} встал на защиту серого игрока {name}: игрок {name} умирает, ход героя потрачен.',
    'heroic-suicide':
      'Безликий {name} с ролью героя линчуется и совершает героический суицид: покидает игру с ничьей, теряя все набранные жертвы.',
    compromised: 'Лжец скомпрометировал игрока {name}: его голос равен {n}, его голосовые барьеры заблокированы.',
    'self-compromised': 'Лжец {name} назначил целью себя: у него двойной голосовой барьер.',
    witness: 'Слова свидетеля {name} подтвердили игроки ({n}): каждому из них +1 к голосу, свидетелю +{n}.',
    'vote-bonus': 'Голос игрока {voter} против игрока {target} увеличен на {bonus}.',
    detonator: 'Террорист {name} активирует детонатор и взрывается вместе с игроком {target}: голосование сорвано.',
    'detonator-crippled': 'Игрок {target} не погибает от взрыва, но покалечен: его мирная роль и цвет заблокированы.',
    blast: 'Взрыв игрока {name} блокирует роли голосовавших против: {names}.',
    'extra-vote': 'Игрок {name} залинчован в одиночку: в этот же день будет еще одно голосование.',
    'hunt-tie-settled': 'Равенство на охоте на ведьм: против игрока {name} голосовал {role}, он погибает в приоритете.',
    fired: 'Мэр проголосовал против игрока {name}, который не залинчован: игрок {name} снят с должности ({title}).',
    accompanied: 'Игрок {companion} сопровождал игрока {name}: против него на один голос меньше.',
    support: 'Политика {name} поддержали игроки ({n}): каждому из них +1 к голосу, политику +{bonus}.',
    'patron-bonus': 'Мэр {name} голосует вместе с политиком: +{bonus} к голосу.',
    'patron-cover': 'Мэр у власти и не голосовал против политика {name}: голоса против него приравниваются к нулю.',
    'zero-barrier': 'Нулевой голосовой барьер игрока {name}: каждый голос против него не больше единицы.',
    'immunity-open':
      'Игрок {name} взаимно защищал игрока {target}: игрок {target} остается открытым (приоритет: политик > адвокат > священник).',
    'crowd-bonus': 'Игрок {name} получает +{n} к голосу за фантомных игроков.',
    'crowd-cancelled': 'Игрок {name} отменил прибавку к голосу за фантомных игроков.',
    'corpse-bonus': 'Игрок {name} получает +{n} к голосу за трупы с недоступными нежити ролями.',
    'hosted-vote-lost': 'Игрок {name} голосовал не в одну цель с игроком {host}, в которого вселился: его голос равен нулю.',
    'proxy-vote': 'Слуга {servant} голосует за игрока {name}.',
    bank: 'Игрок {name} купил голосов: {n}; в копилке осталось {left}.',
    'bank-short': 'Игрок {name} хотел купить голосов: {asked}, но в копилке было только {n}.',
    'hero-skip': 'Герой {hero} не может спасти игрока {name}: пропуск хода.',
    'took-voter': 'Герой {hero} героически погибает со злодеем и забирает с собой игрока {name}, голосовавшего против него.',
    'die-instead': 'Священник {priest} позволяет спасенному игроку {name} умереть вместо себя.',
    'late-move': 'Ход игрока {name} ({ability}) пришел после начала голосования: пропуск хода.',
    'vote-opening-read': 'Голосование открыто сообщением ведущего №{post}; голоса, данные раньше, не засчитываются.',
    'vote-opening-set': 'Голосование открыто во время, указанное ведущим; голоса, данные раньше, не засчитываются.',
    'vote-opening-assumed':
      'Объявление о начале голосования не найдено, время не указано: считается, что голосование началось в {time} ({zone}); ранние голоса не отклоняются.',
    'auto-vote-absent': 'Игрок {voter} не проголосовал к сроку: принудительный автоголос.',
    executed: '{role} {name} использует предсмертную казнь: игрок {target} считается залинчованным вместе с ним.',
    'execution-refused':
      'Предсмертная казнь игрока {name} (цель — {target}) не засчитана: у него нет такого права или эту цель выбрать нельзя.',
    'bonus-waived': 'Игрок {name} отменил бонус к своему голосу.',
    'runoff-bought': 'Голоса, купленные игроком {name} на первом голосовании ({n}), учитываются и на переголосовании.',
    'runoff-bought-spent':
      'Голоса, купленные игроком {name} на первом голосовании ({n}), потрачены: на переголосовании у него только свой голос.',
    departed: '{role} {name} покидает город и возвращается с докладом к начальству.',
    'side-revealed': '{role} {name} покинул город: его сторона — {color}.',
    'side-revealed-named': '{role} {name} покинул город: его сторона — {color}, сторона игрока {target}, которого он указал ведущему.',
    'side-unreported': '{role} {name} покинул город, не указав ведущему свою сторону: она остаётся скрытой.',
    'side-refused': '{role} {name} покинул город: ведущий отказал ему в выборе стороны, поэтому она остаётся скрытой.',
    'hunt-no-execution': 'На охоте на ведьм предсмертной казни нет: игрок {name} умирает без неё.',
    'possessing-zero': 'Игрок {name} вселился в другого игрока: его голос равен нулю.',
    'role-weight': 'Голос игрока {name} по его роли стоит {n}.',
    'vote-stolen': 'Игрок {politician} забрал себе голос игрока {name} на этот день.',
    unlynchable: 'Игрока {name} нельзя казнить: большинство против него никого не казнит, и день заканчивается.',
    'lynch-cancelled': 'Игрок {governor} помиловал игрока {name}: казнь отменена, никто не умирает.',
    'single-vote': 'Игрок {name} отдал в сообщении #{post} один голос: он стоит 1, а не весь вес его голоса.',
  },
  colors: { red: 'красная', black: 'чёрная', grey: 'серая' },
  // One map with the night's PMs (night/results.ts).
  verdicts: nightVerdictWords.ru,
};

/** The phrases of each post language. */
export const postPhrases: Readonly<Record<PostLanguage, PostPhrases>> = { en: english, ru: russian };

const pluralRules = new Map<PostLanguage, Intl.PluralRules>();

/** The form of a counted phrase for `n` in `language`, by `Intl.PluralRules`. */
export function pluralForm(phrase: PluralPhrase, language: PostLanguage, n: number): string {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const category = rules.select(n);
  return (category === 'one' || category === 'few' || category === 'many' ? phrase[category] : undefined) ?? phrase.other;
}

/** A vote amount the language's way, at most two decimals (a capped 004 vote can count for a fraction): "2.5", "2,5". */
export function formatAmount(n: number, language: PostLanguage): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(n);
}

/** A phase's name in a post: "Day 2", "Ночь 1". */
export function postPhaseName(phase: { readonly kind: 'day' | 'night'; readonly number: number }, language: PostLanguage): string {
  const phrases = postPhrases[language];
  return (phase.kind === 'day' ? phrases.day : phrases.night).replace('{n}', String(phase.number));
}

/** A death's cause in a post: the engine's causes in the language's words, a host's own cause as written. */
export function causeIn(cause: string, language: PostLanguage): string {
  const code = deathCauseOf(cause);
  if (code !== null) return deathCauseWords[language][code];
  const phrases = postPhrases[language];
  const court = /^court \((.+)\)$/u.exec(cause);
  if (court !== null) return phrases.courtCause.replace('{family}', court[1] ?? '');
  const revenge = /^revenge of (.+)$/u.exec(cause);
  if (revenge !== null) return phrases.revengeOfCause.replace('{name}', revenge[1] ?? '');
  return cause;
}

// ---------------------------------------------------------------- the ruleset's words in a language

/** The language a game under `ruleset` writes its posts in unless the host picks another: the ruleset's, else its preset's, else English. */
export function defaultPostLanguage(ruleset: Ruleset): PostLanguage {
  return ruleset.announcements.postLanguage ?? findRuleset(ruleset.id)?.announcements.postLanguage ?? 'en';
}

/**
 * The ruleset's templates in `language`: its own for that language, its
 * `templates` when they are in it, else Gavel's default templates for it.
 */
export function templatesIn(ruleset: Ruleset, language: PostLanguage): AnnouncementTemplates {
  const a = ruleset.announcements;
  return a.templatesIn?.[language] ?? ((a.postLanguage ?? 'en') === language ? a.templates : defaultTemplatesIn[language]);
}

interface Named {
  readonly id: string;
  readonly name: string;
  readonly names?: LocalNames;
}

/**
 * An item's name in `language`: its own name in it, else (a ruleset stored
 * before names had languages) the name its preset gives the same item when
 * the item is still named as in the preset, else its `name`.
 */
function nameIn(item: Named | undefined, id: string, language: PostLanguage, preset: readonly Named[] | undefined): string {
  if (item === undefined) return id;
  const own = item.names?.[language];
  if (own !== undefined) return own;
  const same = item.names === undefined ? preset?.find((p) => p.id === item.id && p.name === item.name) : undefined;
  return same?.names?.[language] ?? item.name;
}

/** How a post names the ruleset's roles, factions, statuses, titles and abilities, by id, in one language. */
export interface PostNames {
  readonly language: PostLanguage;
  role(id: string): string;
  faction(id: string): string;
  status(id: string): string;
  title(id: string): string;
  /** An ability by id, by the role that holds it when `role` is given (two roles may hold abilities of one id). */
  ability(id: string, role?: string): string;
  /** A level players sign up at (000: Beginner, Standard, Spectator). */
  level(id: string): string;
  /** The ruleset's own name. */
  ruleset(): string;
}

/** The ruleset's names in `language` (an id it does not define is shown as itself). */
export function postNames(ruleset: Ruleset, language: PostLanguage): PostNames {
  const preset = findRuleset(ruleset.id);
  const abilities = (r: Pick<Ruleset, 'roles'> | undefined): Named[] => (r?.roles ?? []).flatMap((role) => role.abilities);
  const presetAbilities = abilities(preset);
  const own = abilities(ruleset);
  return {
    language,
    role: (id) => {
      const base = (roleId: string): string =>
        nameIn(
          ruleset.roles.find((r) => r.id === roleId),
          roleId,
          language,
          preset?.roles,
        );
      const known = ruleset.roles.find((r) => r.id === id);
      // A role written with the forum standard's modifiers in front ("macho one-shot doctor").
      return known === undefined ? (modifiedRoleName(ruleset.roles, id, language, base) ?? base(id)) : base(id);
    },
    faction: (id) =>
      nameIn(
        ruleset.factions.find((f) => f.id === id),
        id,
        language,
        preset?.factions,
      ),
    status: (id) =>
      nameIn(
        ruleset.statuses.find((s) => s.id === id),
        id,
        language,
        preset?.statuses,
      ),
    title: (id) =>
      nameIn(
        ruleset.titles.find((t) => t.id === id),
        id,
        language,
        preset?.titles,
      ),
    ability: (id, role) => {
      // The holder's own ability first (004: the Maniac's `kill` is not the Mafia's "Kill (odd nights)"), else the first of the id.
      const held = role === undefined ? undefined : ruleset.roles.find((r) => r.id === role)?.abilities.find((a) => a.id === id);
      if (held !== undefined) {
        const presetHeld = preset?.roles.find((r) => r.id === role)?.abilities;
        return nameIn(held, id, language, presetHeld);
      }
      return nameIn(
        own.find((a) => a.id === id),
        id,
        language,
        presetAbilities,
      );
    },
    level: (id) => {
      // A level saved before levels had names (neither `name` nor `names`) takes the same preset's names.
      const own = ruleset.setup?.levels?.[id];
      const named = own?.name !== undefined || own?.names !== undefined ? own : preset?.setup?.levels?.[id];
      return named?.names?.[language] ?? named?.name ?? id;
    },
    ruleset: () => nameIn(ruleset, ruleset.id, language, preset === undefined ? undefined : [preset]),
  };
}

/** A public night result's label and words in `language` (its own `words`, else as written). */
export function nightResultWordsIn(result: PublicNightResult, language: PostLanguage): PublicNightResultWords {
  return result.words?.[language] ?? { label: result.label, hit: result.hit, miss: result.miss };
}

/** A tally's explanation in `language`: its sentence with the values, a colour and a title in the language's words. */
export function noteIn(note: TallyNote, language: PostLanguage, names: PostNames): string {
  const phrases = postPhrases[language];
  const values: Record<string, string | number> = { ...note.values };
  const color = values['color'];
  if (typeof color === 'string') values['color'] = phrases.colors[color] ?? color;
  // English keeps the title's id as the tally wrote it ("the mayor post"); another language names it.
  const title = values['title'];
  if (typeof title === 'string' && language !== 'en') values['title'] = names.title(title);
  // A role id (the Judge who settles a tie) is named in the post's language.
  const role = values['role'];
  if (typeof role === 'string') values['role'] = names.role(role);
  return renderPlain(phrases.notes[note.code], values);
}
