SELECT row_counts_rebuild();
