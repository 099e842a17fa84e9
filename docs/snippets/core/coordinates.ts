import { createPageSpace } from '@marginalia/pdf-editor/core';

// A US Letter page (MediaBox 0 0 612 792) with /Rotate 90: displayed 792 wide and 612 high.
const space = createPageSpace({ left: 0, bottom: 0, right: 612, top: 792 }, 90);

console.log(space.width, space.height); // 792 612

// The top-left corner as the user sees it is the bottom-left of the unrotated page.
console.log(space.toPdf({ x: 0, y: 0 })); // { x: 0, y: 0 }

// A 100 x 20 box at (72, 40) on screen becomes a 20 x 100 box in PDF user space.
console.log(space.rectToPdf({ x: 72, y: 40, width: 100, height: 20 })); // { x: 40, y: 72, width: 20, height: 100 }
