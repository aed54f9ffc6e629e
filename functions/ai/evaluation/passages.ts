/**
 * The offline generator's fixed evaluation set: ten Japanese and five English passages of teaching
 * material (history, science, geography, literature, civics), written for this repository, each
 * with what a teacher expects to be asked about it.
 *
 * `terms` lists the key terms a teacher would ask about, grouped by class: a question's answer
 * should be one of them, and its wrong options terms of the answer's class (a person among
 * persons, a reform among reforms). Numbers are listed under `number`; their wrong options must
 * share the answer's counter or unit (1868年 beside 1871年), which is checked without a list.
 * `events` are the dated events a sort-order question may ask about: a piece of the sentence that
 * tells the event, and its year (for an event dated by an era or a century, the year it begins).
 *
 * The lists were written from the passages, as a teacher would, before the generator was tuned;
 * changing them to fit the generator's output defeats their purpose.
 */
export interface EvaluationPassage {
  id: string;
  subject: string;
  language: 'ja' | 'en';
  text: string;
  terms: Record<string, readonly string[]>;
  events?: readonly { year: number; text: string }[];
}

const paragraphs = (...parts: string[]) => parts.join('\n\n');

export const EVALUATION_PASSAGES: readonly EvaluationPassage[] = [
  {
    id: 'heian-politics',
    subject: '歴史',
    language: 'ja',
    text: paragraphs(
      '794年、桓武天皇は都を平安京に移した。これから約400年間を平安時代という。',
      '平安時代の中ごろになると、藤原氏が娘を天皇のきさきにし、その子を次の天皇に立てて力を強めた。藤原氏は、天皇が幼いときは摂政として、成人してからは関白として政治の実権を握った。このように、摂政や関白が中心となって行う政治を摂関政治という。摂関政治は、11世紀前半の藤原道長と、その子の藤原頼通のころに最も栄えた。頼通は、宇治に平等院鳳凰堂を建てた。',
      '1086年、白河天皇は位をゆずって上皇となった後も政治を動かし続けた。上皇が中心となって行う政治を院政という。院政のもとで武士が力をのばし、1167年には平清盛が武士として初めて太政大臣になった。しかし、平氏は1185年の壇ノ浦の戦いで源氏にほろぼされた。',
    ),
    terms: {
      person: ['桓武天皇', '藤原道長', '藤原頼通', '頼通', '白河天皇', '平清盛'],
      clan: ['藤原氏', '平氏', '源氏'],
      role: ['天皇', '摂政', '関白', '上皇', '武士', '太政大臣'],
      place: ['平安京', '宇治', '壇ノ浦'],
      politics: ['摂関政治', '院政'],
      era: ['平安時代'],
      building: ['平等院鳳凰堂'],
      number: ['794年', '1086年', '1167年', '1185年', '11世紀', '400年間'],
    },
    events: [
      { year: 794, text: '都を平安京に移した' },
      { year: 1000, text: '最も栄えた' },
      { year: 1086, text: '上皇となった' },
      { year: 1167, text: '太政大臣になった' },
      { year: 1185, text: '壇ノ浦の戦い' },
    ],
  },
  {
    id: 'meiji-restoration',
    subject: '歴史',
    language: 'ja',
    text: paragraphs(
      '1867年、江戸幕府の第15代将軍徳川慶喜は、政権を朝廷に返した。これを大政奉還という。翌1868年、新政府は五箇条の御誓文を出して新しい政治の方針を示し、元号を明治と改めた。明治政府が進めた一連の改革を明治維新という。',
      '1871年には廃藩置県が行われ、藩が廃止されて府と県が置かれた。1872年には学制が公布され、6歳以上のすべての子どもが小学校に通うことになった。1873年には徴兵令が出され、20歳になった男子に兵役の義務が課された。同じ年に地租改正が始まり、土地の所有者が地価の3%を現金で納めることになった。こうした改革は、欧米に負けない強い国をつくる富国強兵をめざすものだった。',
    ),
    terms: {
      person: ['徳川慶喜'],
      role: ['将軍'],
      organization: ['江戸幕府', '朝廷', '新政府', '明治政府'],
      reform: ['大政奉還', '明治維新', '廃藩置県', '学制', '徴兵令', '地租改正', '五箇条の御誓文'],
      policy: ['富国強兵'],
      era: ['明治'],
      number: ['1867年', '1868年', '1871年', '1872年', '1873年', '6歳', '20歳', '3%', '15代'],
    },
    events: [
      { year: 1867, text: '政権を朝廷に返した' },
      { year: 1868, text: '五箇条の御誓文' },
      { year: 1871, text: '廃藩置県' },
      { year: 1872, text: '学制' },
      { year: 1873, text: '徴兵令' },
    ],
  },
  {
    id: 'photosynthesis',
    subject: '理科',
    language: 'ja',
    text: paragraphs(
      '植物は、光のエネルギーを使って、二酸化炭素と水からデンプンなどの養分をつくる。このはたらきを光合成という。光合成は、葉の細胞の中にある葉緑体で行われ、このとき酸素が放出される。',
      '光合成に必要な二酸化炭素は、葉の表面にある気孔から取り入れられる。気孔は2つの孔辺細胞に囲まれたすき間で、酸素や水蒸気もここから出入りする。根から吸い上げられた水は道管を通って葉まで運ばれ、葉でつくられた養分は師管を通って体全体に運ばれる。また、植物の体から水が水蒸気となって出ていくことを蒸散という。',
      '植物も動物と同じように呼吸をしており、酸素を取り入れて二酸化炭素を出している。昼は光合成がさかんなため、呼吸で出す量より多くの二酸化炭素を吸収する。',
    ),
    terms: {
      process: ['光合成', '蒸散', '呼吸'],
      substance: ['二酸化炭素', '水', '酸素', 'デンプン', '水蒸気', '養分'],
      structure: ['葉緑体', '気孔', '孔辺細胞', '道管', '師管', '細胞', '根', '葉'],
      number: ['2つ'],
    },
  },
  {
    id: 'fronts-and-clouds',
    subject: '理科',
    language: 'ja',
    text: paragraphs(
      '空気が上昇すると、上空ほど気圧が低いため膨張して温度が下がる。空気の温度が下がって露点に達すると、空気中の水蒸気が水滴に変わる。この水滴や氷の粒が集まって浮かんでいるものが雲である。',
      '暖かい空気と冷たい空気が接する境目を前線という。寒気が暖気の下にもぐりこんで暖気を押し上げる前線を寒冷前線といい、積乱雲が発達して短い時間に強い雨が降る。一方、暖気が寒気の上にはい上がるように進む前線を温暖前線といい、乱層雲が広がって長い時間おだやかな雨が降る。寒冷前線は温暖前線より速く進むため、やがて追いついて閉塞前線ができる。',
      '日本の夏は、太平洋高気圧におおわれて蒸し暑い日が続く。冬は、シベリア高気圧からふく北西の季節風の影響で、日本海側に多くの雪が降る。',
    ),
    terms: {
      front: ['前線', '寒冷前線', '温暖前線', '閉塞前線'],
      cloud: ['雲', '積乱雲', '乱層雲'],
      pressure: ['太平洋高気圧', 'シベリア高気圧'],
      air: ['寒気', '暖気'],
      concept: ['露点', '気圧', '水蒸気', '水滴', '季節風', '膨張'],
      place: ['日本海側'],
    },
  },
  {
    id: 'japan-climate',
    subject: '地理',
    language: 'ja',
    text: paragraphs(
      '日本列島は南北に長く、地域によって気候が大きく異なる。北海道は冬の寒さがきびしく、梅雨の影響をほとんど受けない冷帯（亜寒帯）の気候である。',
      '本州の日本海側では、冬に北西から吹く季節風が日本海の上で水分を含み、山地にぶつかって多くの雪を降らせる。これに対して太平洋側では、夏に南東から吹く季節風の影響で降水量が多く、冬は乾燥した晴れの日が続く。',
      '瀬戸内海に面した地域は、中国山地と四国山地にはさまれているため、一年を通して降水量が少ない。この地域では、昔から讃岐平野などでため池をつくって水不足に備えてきた。また、中央高地は海から離れているため、夏と冬、昼と夜の気温差が大きい。南西諸島は一年中気温が高く、降水量も多い亜熱帯の気候である。',
    ),
    terms: {
      place: [
        '日本列島',
        '北海道',
        '本州',
        '日本海側',
        '日本海',
        '太平洋側',
        '瀬戸内海',
        '中国山地',
        '四国山地',
        '讃岐平野',
        '中央高地',
        '南西諸島',
      ],
      climate: ['冷帯', '亜寒帯', '亜熱帯'],
      weather: ['季節風', '梅雨', '降水量', '気温差', '水不足'],
      facility: ['ため池'],
    },
  },
  {
    id: 'tohoku-region',
    subject: '地理',
    language: 'ja',
    text: paragraphs(
      '東北地方は、本州の北部に位置する地方で、中央を南北に奥羽山脈が走っている。奥羽山脈の西側には出羽山地、東側には北上高地がある。日本海側には最上川が流れ、下流には庄内平野が広がる。庄内平野は全国有数の米の産地で、東北地方は「日本の穀倉地帯」と呼ばれている。',
      '太平洋側の三陸海岸の南部は、山地が海に沈んでできた入り組んだ海岸で、リアス海岸と呼ばれる。沖合では暖流の黒潮と寒流の親潮がぶつかる潮目があり、好漁場となっている。夏に親潮の上を通って吹く冷たく湿った北東の風をやませといい、やませが続くと稲が十分に育たない冷害が起こることがある。',
      '青森県ではりんご、山形県ではさくらんぼの栽培がさかんである。伝統工芸品も多く、岩手県の南部鉄器や宮城県のこけしが知られている。',
    ),
    terms: {
      place: [
        '東北地方',
        '本州',
        '奥羽山脈',
        '出羽山地',
        '北上高地',
        '最上川',
        '庄内平野',
        '三陸海岸',
        '日本海側',
        '太平洋側',
        '青森県',
        '山形県',
        '岩手県',
        '宮城県',
      ],
      coast: ['リアス海岸'],
      current: ['黒潮', '親潮', '暖流', '寒流'],
      wind: ['やませ'],
      phenomenon: ['潮目', '冷害', '好漁場'],
      product: ['米', '稲', 'りんご', 'さくらんぼ'],
      craft: ['南部鉄器', 'こけし', '伝統工芸品'],
      nickname: ['日本の穀倉地帯'],
    },
  },
  {
    id: 'heian-literature',
    subject: '国語',
    language: 'ja',
    text: paragraphs(
      '平安時代の中ごろ、漢字をくずしてつくられたひらがなが広まり、日本語の細かな気持ちを書き表せるようになった。宮廷に仕えた女性たちは、ひらがなを使って多くの作品を残した。',
      '紫式部は、光源氏という貴族の一生を描いた長編の物語『源氏物語』を書いた。紫式部は一条天皇のきさきである彰子に仕えていた。同じころ、彰子と並ぶきさきの定子に仕えた清少納言は、宮廷での出来事や自然の美しさを鋭い感覚でつづった随筆『枕草子』を書いた。『枕草子』は「春はあけぼの」という一文で始まることで知られる。',
      'また、紀貫之は、女性のふりをしてひらがなで『土佐日記』を書いた。紀貫之は、最初の勅撰和歌集である『古今和歌集』の編集にも加わった。',
    ),
    terms: {
      person: ['紫式部', '清少納言', '紀貫之', '光源氏', '一条天皇', '彰子', '定子'],
      work: ['源氏物語', '枕草子', '土佐日記', '古今和歌集'],
      genre: ['物語', '随筆', '勅撰和歌集', '日記'],
      script: ['ひらがな', '漢字'],
      era: ['平安時代'],
      place: ['宮廷'],
      role: ['貴族'],
    },
  },
  {
    id: 'modern-literature',
    subject: '国語',
    language: 'ja',
    text: paragraphs(
      '明治時代になると、西洋の文学の影響を受けて、新しい日本の文学が生まれた。坪内逍遥は評論『小説神髄』で、人の心の動きをありのままに描くべきだと説いた。二葉亭四迷は、話し言葉に近い文体で『浮雲』を書いた。このように、話し言葉と書き言葉を一致させようとする運動を言文一致運動という。',
      '夏目漱石は、1905年に『吾輩は猫である』を発表して作家として認められ、その後『坊っちゃん』や『こころ』などを書いた。森鴎外は、ドイツに留学した経験をもとに『舞姫』を書いた。大正時代には、芥川龍之介が『羅生門』や『鼻』などの短編小説を発表した。芥川の死後、その名を記念して1935年に芥川賞がつくられた。',
    ),
    terms: {
      person: ['坪内逍遥', '二葉亭四迷', '夏目漱石', '森鴎外', '芥川龍之介', '芥川'],
      work: ['小説神髄', '浮雲', '吾輩は猫である', '坊っちゃん', 'こころ', '舞姫', '羅生門', '鼻'],
      era: ['明治時代', '大正時代'],
      movement: ['言文一致運動'],
      genre: ['評論', '短編小説', '文体'],
      place: ['ドイツ', '西洋'],
      award: ['芥川賞'],
      number: ['1905年', '1935年'],
    },
    events: [
      { year: 1868, text: '新しい日本の文学が生まれた' },
      { year: 1905, text: '吾輩は猫である' },
      { year: 1912, text: '短編小説を発表した' },
      { year: 1935, text: '芥川賞' },
    ],
  },
  {
    id: 'constitution',
    subject: '公民',
    language: 'ja',
    text: paragraphs(
      '日本国憲法は1946年11月3日に公布され、1947年5月3日に施行された。日本国憲法は、国民主権、基本的人権の尊重、平和主義の三つを基本原理としている。国民主権とは、国の政治のあり方を最終的に決める力が国民にあるという考え方である。天皇は日本国と日本国民統合の象徴とされ、政治についての権限をもたない。',
      '国の権力は、法律をつくる立法権、法律にもとづいて政治を行う行政権、争いごとを法にもとづいて解決する司法権の三つに分けられている。立法権は国会、行政権は内閣、司法権は裁判所が担当する。このように権力を分けて互いに抑制させるしくみを三権分立という。三権分立は、フランスの思想家モンテスキューが『法の精神』で説いたものである。',
      '国会は衆議院と参議院からなる二院制をとっている。衆議院議員の任期は4年、参議院議員の任期は6年で、参議院は3年ごとに半数が改選される。',
    ),
    terms: {
      law: ['日本国憲法'],
      principle: ['国民主権', '基本的人権の尊重', '基本的人権', '平和主義'],
      power: ['立法権', '行政権', '司法権'],
      institution: ['国会', '内閣', '裁判所', '衆議院', '参議院'],
      system: ['三権分立', '二院制'],
      person: ['モンテスキュー'],
      work: ['法の精神'],
      place: ['フランス'],
      role: ['天皇', '思想家', '衆議院議員', '参議院議員'],
      concept: ['象徴', '基本原理', '任期'],
      number: ['1946年11月3日', '1947年5月3日', '4年', '6年', '3年'],
    },
    events: [
      { year: 1946, text: '公布され' },
      { year: 1947, text: '施行された' },
    ],
  },
  {
    id: 'market-prices',
    subject: '公民',
    language: 'ja',
    text: paragraphs(
      '商品が売り買いされる場を市場という。市場では、消費者が買おうとする量である需要と、生産者が売ろうとする量である供給によって価格が決まる。需要が供給を上回ると価格は上がり、供給が需要を上回ると価格は下がる。こうして需要と供給が一致したときの価格を均衡価格という。',
      '一つの企業だけが商品を供給している状態を独占といい、少数の企業が市場を支配している状態を寡占という。独占や寡占が進むと、企業が一方的に価格を決めることがあり、このような価格を独占価格という。そこで、競争をうながすために独占禁止法が定められ、公正取引委員会がその運用にあたっている。',
      '電気やガス、水道などの料金は、国民の生活への影響が大きいため、国や地方公共団体が決定や認可を行う。このような料金を公共料金という。',
    ),
    terms: {
      price: ['均衡価格', '独占価格', '公共料金', '価格'],
      market: ['需要', '供給', '市場', '独占', '寡占', '競争'],
      actor: ['消費者', '生産者', '企業'],
      law: ['独占禁止法'],
      organization: ['公正取引委員会', '地方公共団体'],
      utility: ['電気', 'ガス', '水道'],
    },
  },
  {
    id: 'water-cycle',
    subject: 'science',
    language: 'en',
    text: paragraphs(
      'The water cycle describes how water moves between the oceans, the air and the land. Heat from the Sun drives evaporation, in which liquid water at the surface of oceans and lakes turns into water vapour. Plants also release water vapour from tiny openings in their leaves; this process is called transpiration.',
      'As the moist air rises, it cools, and condensation turns the vapour into tiny droplets that gather as clouds. When the droplets grow heavy enough, they fall back to the ground as precipitation, such as rain, snow or hail. Some of the water soaks into the soil through infiltration and becomes groundwater, while the rest flows over the land as runoff into rivers and back to the sea. About 97 percent of the water on Earth is salt water in the oceans.',
    ),
    terms: {
      process: ['evaporation', 'transpiration', 'condensation', 'precipitation', 'infiltration', 'runoff'],
      water: [
        'water vapour',
        'vapour',
        'groundwater',
        'droplets',
        'clouds',
        'rain',
        'snow',
        'hail',
        'salt water',
      ],
      place: ['oceans', 'lakes', 'rivers', 'soil', 'sea', 'leaves'],
      cycle: ['water cycle'],
      number: ['97 percent'],
    },
  },
  {
    id: 'the-cell',
    subject: 'science',
    language: 'en',
    text: paragraphs(
      'All living things are made of cells, the smallest units of life. Every cell is surrounded by a thin cell membrane, which controls what enters and leaves the cell. Inside, a jelly-like fluid called cytoplasm holds the other parts of the cell in place.',
      'In plant and animal cells, the nucleus contains the genetic material, DNA, and controls the activities of the cell. Mitochondria release energy from food through respiration. Plant cells also have a rigid cell wall made of cellulose, and chloroplasts, which contain the green pigment chlorophyll and carry out photosynthesis. The English scientist Robert Hooke first described cells in 1665, after looking at thin slices of cork under a microscope.',
    ),
    terms: {
      structure: [
        'cell membrane',
        'membrane',
        'cytoplasm',
        'nucleus',
        'Mitochondria',
        'mitochondria',
        'cell wall',
        'chloroplasts',
        'cells',
        'cell',
      ],
      substance: ['DNA', 'cellulose', 'chlorophyll', 'pigment', 'cork'],
      process: ['respiration', 'photosynthesis'],
      person: ['Robert Hooke'],
      tool: ['microscope'],
      number: ['1665'],
    },
  },
  {
    id: 'industrial-revolution',
    subject: 'history',
    language: 'en',
    text: paragraphs(
      'The Industrial Revolution began in Britain in the second half of the eighteenth century. Before it, most goods were made by hand at home, but new machines moved production into factories. In 1764 James Hargreaves invented the spinning jenny, which let one worker spin several threads at once. Richard Arkwright built the water frame, which used the power of rivers to drive spinning machines.',
      'In 1769 James Watt patented an improved steam engine, which burned coal and could power factories far from any river. Coal and iron became the most important industries, and cities such as Manchester and Birmingham grew quickly. In 1825 the Stockton and Darlington Railway opened as the first public railway to use steam locomotives. Working conditions in the new factories were harsh, and children often worked long hours until the Factory Act of 1833 limited their working day.',
    ),
    terms: {
      person: ['James Hargreaves', 'Richard Arkwright', 'James Watt'],
      machine: ['spinning jenny', 'water frame', 'steam engine', 'steam locomotives', 'machines'],
      place: ['Britain', 'Manchester', 'Birmingham'],
      law: ['Factory Act'],
      railway: ['Stockton and Darlington Railway'],
      resource: ['coal', 'iron', 'Coal'],
      concept: ['Industrial Revolution', 'factories', 'production', 'industries'],
      number: ['1764', '1769', '1825', '1833'],
    },
    events: [
      { year: 1764, text: 'spinning jenny' },
      { year: 1769, text: 'steam engine' },
      { year: 1825, text: 'Railway opened' },
      { year: 1833, text: 'Factory Act' },
    ],
  },
  {
    id: 'plate-tectonics',
    subject: 'geography',
    language: 'en',
    text: paragraphs(
      'The outer shell of the Earth, the lithosphere, is broken into large pieces called tectonic plates. The plates float on the hotter, softer layer beneath them, the asthenosphere, and move a few centimetres each year. Where two plates move apart, magma rises and forms new crust, as along the Mid-Atlantic Ridge. Where two plates collide, one plate may sink beneath the other in a process called subduction, which creates deep ocean trenches and chains of volcanoes.',
      'Japan lies where four plates meet: the Pacific Plate, the Philippine Sea Plate, the Eurasian Plate and the North American Plate. For this reason the country has many earthquakes and more than 100 active volcanoes. The Himalayas formed when the Indian Plate collided with the Eurasian Plate, and they are still rising today.',
    ),
    terms: {
      layer: ['lithosphere', 'asthenosphere', 'crust'],
      plate: [
        'tectonic plates',
        'Pacific Plate',
        'Philippine Sea Plate',
        'Eurasian Plate',
        'North American Plate',
        'Indian Plate',
      ],
      process: ['subduction'],
      landform: ['Mid-Atlantic Ridge', 'trenches', 'volcanoes', 'Himalayas'],
      place: ['Japan', 'Earth'],
      phenomenon: ['earthquakes', 'magma'],
      number: ['100 active volcanoes', '100'],
    },
  },
  {
    id: 'shakespeare',
    subject: 'literature',
    language: 'en',
    text: paragraphs(
      'William Shakespeare was born in Stratford-upon-Avon in 1564 and became the most famous playwright in the English language. He wrote about 37 plays, which are usually divided into comedies, histories and tragedies. His tragedies, such as Hamlet, Macbeth and King Lear, show great characters brought down by their own weaknesses. Romeo and Juliet tells the story of two young lovers from feuding families in Verona.',
      "Many of his plays were performed at the Globe Theatre in London, which was built in 1599 by his acting company, the Lord Chamberlain's Men. Shakespeare also wrote 154 sonnets, poems of fourteen lines with a fixed rhyme scheme. He died in 1616, and seven years later two of his fellow actors published his collected plays in the First Folio.",
    ),
    terms: {
      person: ['William Shakespeare', 'Shakespeare'],
      work: ['Hamlet', 'Macbeth', 'King Lear', 'Romeo and Juliet', 'First Folio'],
      genre: ['comedies', 'histories', 'tragedies', 'sonnets', 'plays', 'poems'],
      place: ['Stratford-upon-Avon', 'Verona', 'London'],
      building: ['Globe Theatre'],
      company: ["Lord Chamberlain's Men"],
      role: ['playwright', 'actors'],
      number: ['1564', '1599', '1616', '37 plays', '154 sonnets'],
    },
    events: [
      { year: 1564, text: 'born' },
      { year: 1599, text: 'Globe Theatre' },
      { year: 1616, text: 'died' },
    ],
  },
];
