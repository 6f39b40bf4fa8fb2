SELECT scrap_tires_rebuild();
