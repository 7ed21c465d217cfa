// Two small born-digital books for the end-to-end tests and the screenshots: three chapters each,
// every chapter on a new page under a large "Chapter N" heading, ordinary prose, and a PDF outline.
// No relative imports, so Node can load it directly (type stripping) from bench/ scripts.
import PDFDocument from 'pdfkit';

export interface TestBook {
  title: string;
  fileName: string;
  chapters: { title: string; paragraphs: string[] }[];
}

export const LIVING_EARTH: TestBook = {
  title: 'A Short Guide to the Living Earth',
  fileName: 'living-earth.pdf',
  chapters: [
    {
      title: 'The Water Cycle',
      paragraphs: [
        'Water moves between the oceans, the air and the land in a cycle that never stops. The sun warms the surface of the sea and turns some of the water into vapour. Warm air carries the vapour upward, where it cools and condenses into tiny droplets. Clouds form when billions of these droplets gather around specks of dust and salt.',
        'When the droplets grow heavy enough, they fall back to the ground as rain, snow or hail. Rivers collect the rain and carry it downhill until it reaches a lake or the sea. On the way, the moving water shapes valleys, carries soil to the plains and gives towns their drinking water. Many of the oldest cities in the world were built beside a river for exactly this reason.',
        'Some of the water soaks into the soil and fills the spaces between grains of sand and rock. This groundwater can stay hidden for centuries before it returns to the surface in a spring. Farmers pump it from wells during dry summers, and in some deserts it is the only water people have. When too much is taken, the level of the water table falls and the wells run dry.',
        'Plants pull water from the soil through their roots and release it from their leaves. Scientists call this release transpiration, and it adds a great deal of moisture to the air above forests. A single large oak tree can give off hundreds of litres of water on a hot day. The rainforests of South America make a large share of their own rain in this way.',
        'Glaciers and ice sheets store water as ice for thousands of years and release it slowly as they melt. In spring, melting snow in the mountains feeds the rivers that farms depend on downstream. As the climate warms, many glaciers are shrinking, and the rivers they feed carry less water in late summer. Engineers build reservoirs to hold back the spring flood and release it when it is needed.',
        'Understanding the water cycle helps farmers plan their harvests and cities plan their reservoirs. Weather forecasters follow the movement of moist air to predict storms several days ahead. Every glass of water we drink has travelled through clouds, rivers and soil many times before. Keeping that water clean is one of the most important jobs a community can take on.',
      ],
    },
    {
      title: 'How Plants Make Food',
      paragraphs: [
        'Green plants make their own food through a process called photosynthesis. Inside each leaf, small structures named chloroplasts capture the energy of sunlight. Chlorophyll is the pigment that gives leaves their green colour, and it absorbs red and blue light most strongly. The green light it does not absorb is reflected back to our eyes.',
        'The plant takes carbon dioxide from the air through tiny pores on the underside of its leaves. These pores, called stomata, open during the day and close at night or when the weather is very dry. Water travels up from the roots through narrow tubes inside the stem. Using the captured energy, the plant joins carbon dioxide and water into sugar.',
        'Oxygen is released as a by-product, and animals depend on it to breathe. The sugar feeds the growing plant and is stored as starch in roots, seeds and fruit. Potatoes, rice and wheat are all stores of starch that plants made for their own future growth. When we eat them, we borrow the energy of sunlight that the plant captured months earlier.',
        'On cloudy days photosynthesis slows down because less light reaches the leaves. Cold weather slows it as well, because the chemical reactions inside the leaf need warmth. Farmers in greenhouses sometimes add extra carbon dioxide and light to help their crops grow faster. Gardeners notice that plants on a sunny windowsill lean toward the light as they grow.',
        'Almost every food chain on Earth begins with a plant turning light into chemical energy. Grass feeds the rabbit, the rabbit feeds the fox, and the energy in each step first came from the sun. In the oceans, tiny floating algae called phytoplankton play the same role as grass on land. They are so numerous that they make roughly half of the oxygen in the atmosphere.',
        'Forests are often described as the lungs of the planet, but they are also its storehouses of carbon. A growing forest pulls carbon dioxide out of the air and locks it into wood for centuries. When forests burn or are cleared, much of that carbon returns to the air. Protecting old forests and planting new ones are two of the simplest ways to slow climate change.',
      ],
    },
    {
      title: 'Volcanoes and Earthquakes',
      paragraphs: [
        'The outer shell of the Earth is broken into giant plates that drift a few centimetres each year. That is about as fast as a fingernail grows, yet over millions of years it moves whole continents. Where two plates pull apart, hot rock rises from below and forms new crust on the ocean floor. Where one plate slides beneath another, the sinking rock melts and feeds volcanoes.',
        'Molten rock underground is called magma, and once it erupts at the surface it is called lava. Some volcanoes erupt gently with slow rivers of lava, like those on the islands of Hawaii. Others explode with clouds of ash and gas that can rise high into the sky and travel around the world. The difference depends mostly on how much gas and silica the magma contains.',
        'Earthquakes happen when plates that are stuck together suddenly slip past each other. The energy released travels through the ground as waves that shake buildings, bridges and roads. Seismographs record these waves and help scientists find where an earthquake started and how strong it was. Thousands of small earthquakes happen every day, and most of them are never felt by anyone.',
        'An earthquake under the sea can lift a huge volume of water and create a tsunami. In the open ocean a tsunami is barely noticeable, but it grows into a wall of water as it reaches shallow coasts. Warning systems now measure sea levels across the oceans and alert coastal towns within minutes. People living near the shore are taught to move to high ground when the sea suddenly pulls back.',
        'Engineers design flexible buildings so that they sway instead of breaking during a strong earthquake. Some towers rest on rubber pads that absorb the shaking before it reaches the floors above. Strict building codes have saved many thousands of lives in countries such as Japan and Chile. Schools practise earthquake drills so that children know to drop, take cover and hold on.',
        'Volcanic soil is often very fertile, which is why many people farm on the slopes of active volcanoes. Monitoring gas, ground swelling and small tremors can warn people days or weeks before an eruption. Volcanoes also built many of the islands we live on and released the gases that formed the early atmosphere. The restless ground beneath our feet is dangerous, but it also keeps our planet alive.',
      ],
    },
  ],
};

export const NIGHT_SKY: TestBook = {
  title: 'A Beginner’s Tour of the Night Sky',
  fileName: 'night-sky.pdf',
  chapters: [
    {
      title: 'Our Neighbour the Moon',
      paragraphs: [
        'The Moon is the brightest object in the night sky and the easiest place to begin exploring it. It circles the Earth about once every twenty-seven days, always keeping the same face turned toward us. The dark patches we see are wide plains of old lava, which early astronomers mistook for seas. The bright areas are mountains and highlands covered in craters.',
        'The Moon makes no light of its own; it shines by reflecting sunlight. As it travels around the Earth, we see different amounts of its sunlit half, and these changes are called phases. A new moon is invisible against the bright daytime sky, while a full moon rises as the Sun sets. Between them come the thin crescent, the half moon and the swollen gibbous moon.',
        'The pull of the Moon raises the tides in the oceans twice a day. Fishermen and sailors have planned their work around the tides for thousands of years. When the Sun and Moon line up, their pulls add together and the tides are especially high. These are called spring tides, although they have nothing to do with the season.',
        'A small pair of binoculars shows hundreds of craters along the line between light and shadow. Craters are clearest there because the low sunlight casts long shadows across the ground. The best time to look is a few days before or after the half moon, not at full moon. Many people are surprised by how much detail even a simple instrument reveals.',
        'Twelve astronauts walked on the Moon between 1969 and 1972 and brought back rocks for study. Those rocks showed that the Moon probably formed from debris after a huge collision with the young Earth. New missions are now planned to return people to the Moon and to build a small base near its south pole. Water ice hidden in dark craters there could one day supply drinking water and rocket fuel.',
      ],
    },
    {
      title: 'The Wandering Planets',
      paragraphs: [
        'Ancient watchers of the sky noticed that a few bright points moved slowly against the fixed stars. The Greeks called them planets, which means wanderers. Five of them are easy to see without a telescope: Mercury, Venus, Mars, Jupiter and Saturn. Unlike stars, planets usually shine with a steady light instead of twinkling.',
        'Venus is the brightest of them and is often called the morning or evening star. It is covered in thick clouds that trap heat, making its surface hotter than an oven. Mars glows with a reddish colour because its dusty soil is rich in iron oxide, the same substance as rust. Every two years it comes closer to the Earth and shines especially brightly.',
        'Jupiter is the largest planet, more than ten times wider than the Earth. Through binoculars you can see its four largest moons as tiny points of light lined up beside it. Their positions change from night to night as they circle the giant planet. Galileo saw the same moons in 1610, and they helped convince him that not everything circles the Earth.',
        'Saturn is famous for its rings, which are made of countless pieces of ice and rock. A small telescope is enough to show the rings as a bright oval around the planet. The rings are very wide but remarkably thin, and when we see them edge-on they almost disappear. Saturn also has dozens of moons, including Titan, which has lakes of liquid methane.',
        'The outer planets Uranus and Neptune were discovered only after telescopes were invented. Neptune was found in 1846 after mathematicians predicted its position from the way it tugged on Uranus. Beyond Neptune lie icy worlds such as Pluto, which is now called a dwarf planet. Space probes have visited every planet and sent back pictures that no telescope on Earth could take.',
      ],
    },
    {
      title: 'Stars and Constellations',
      paragraphs: [
        'Every star in the night sky is a distant sun, many of them larger and brighter than our own. They look tiny only because they are so far away that their light takes years to reach us. When you look at a star, you are seeing light that left it long before you were born. The nearest star beyond the Sun is about four light years away.',
        'People in every culture have grouped the bright stars into patterns called constellations. The Great Bear, Orion the hunter and the Southern Cross are among the best known. Constellations helped farmers know when to plant and helped sailors find their way across the sea. Astronomers today divide the whole sky into eighty-eight official constellations.',
        'Stars come in different colours, and the colour tells us how hot a star is. Red stars are the coolest, yellow stars like the Sun are in the middle, and blue stars are the hottest of all. In Orion, the red giant Betelgeuse and the blue star Rigel show the difference clearly. With a little practice you can see these colours with your own eyes on a clear night.',
        'Stars are born inside huge clouds of gas and dust called nebulae. Gravity pulls the gas together until the centre becomes hot enough for nuclear fusion to begin. A star like the Sun shines steadily for about ten billion years before it swells into a red giant. The most massive stars end their lives in enormous explosions called supernovae.',
        'To enjoy the stars, find a place away from street lights and give your eyes twenty minutes to adjust to the dark. A simple star chart or a planisphere will help you find the main constellations. Lying on a blanket is more comfortable than craning your neck while standing. On a clear night far from towns, you can see the pale band of the Milky Way stretching across the sky.',
      ],
    },
  ],
};

/** A born-digital book: chapters on new pages with a large heading, prose at a readable size, an outline. */
export function makeBookPdf(book: TestBook): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      margin: 54,
      info: { Title: book.title, Author: 'ChapterWise end-to-end tests' },
      autoFirstPage: false,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    book.chapters.forEach((chapter, index) => {
      doc.addPage();
      doc.outline.addItem(chapter.title);
      doc
        .font('Helvetica-Bold')
        .fontSize(26)
        .text(`Chapter ${index + 1}`);
      doc.fontSize(18).text(chapter.title).moveDown(1.5);
      doc.font('Helvetica').fontSize(13);
      for (const paragraph of chapter.paragraphs) {
        doc.text(paragraph, { align: 'justify', lineGap: 5, paragraphGap: 12 });
      }
    });
    doc.end();
  });
}
