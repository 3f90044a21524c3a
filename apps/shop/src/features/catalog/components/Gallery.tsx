import { useState } from 'react';

/** Main image with thumbnails (hover or click to switch). */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div>
      <div className="yc-gallery-main">
        {current && <img src={current} alt={alt} width={400} height={400} />}
      </div>
      {images.length > 1 && (
        <div className="yc-thumbs">
          {images.map((src, i) => (
            <button
              type="button"
              key={src}
              className={`yc-thumb${i === index ? ' yc-thumb-on' : ''}`}
              onMouseEnter={() => setIndex(i)}
              onClick={() => setIndex(i)}
            >
              <img src={src} alt={`${alt} ${i + 1}`} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
